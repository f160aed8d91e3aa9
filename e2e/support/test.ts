// The `test` and `expect` every spec imports: Playwright's, plus a watch on what the browser
// reports. Every page of the test's context, and of any context the test opens with
// browser.newContext(), is watched for console messages and uncaught page errors; a test
// during which one matches REPORTED, or a page throws an uncaught error, fails, listing them:
// Content Security Policy violations (Chromium logs "… violates the following Content Security
// Policy directive …"), so the console, sign-in and the IdP flow are proven to work under the
// CSP proxy.ts sends, and React's errors and warnings. The suite runs a production build, where
// React logs its errors minified ("Minified React error #418; visit https://react.dev/errors/418"),
// so both the development wording and the minified form are listed.
import { test as base, type Browser, type BrowserContext, type ConsoleMessage, type Page } from '@playwright/test';

export { expect } from '@playwright/test';

/** What fails a test when the browser reports it: a name, and the text that identifies it. */
export const REPORTED: { name: string; pattern: RegExp }[] = [
  // Violations, and directives Chromium ignores (a policy that says less than it seems to).
  { name: 'CSP violation', pattern: /Content[- ]Security[- ]Policy/i },
  // React, development wording (`next dev`, and any spec that runs against it).
  { name: 'React duplicate key', pattern: /Encountered two children with the same key/ },
  { name: 'React missing key', pattern: /Each child in a list should have a unique/ },
  { name: 'React hydration mismatch', pattern: /Hydration failed|hydrated but some attributes|didn't match the client|Text content does not match|There was an error while hydrating/i },
  { name: 'React warning', pattern: /^Warning: / },
  // React, production build: every error is logged by its number (418–425 are hydration errors).
  { name: 'React error', pattern: /Minified React error #\d+|react\.dev\/errors\/\d+/ },
];

interface Reported {
  name: string;
  text: string;
  url: string;
}

function reportedOf(text: string, url: string): Reported | undefined {
  const found = REPORTED.find((r) => r.pattern.test(text));
  return found && { name: found.name, text, url };
}

function watchContext(context: BrowserContext, seen: Reported[]) {
  const watchPage = (page: Page) => {
    page.on('console', (message: ConsoleMessage) => {
      const r = reportedOf(message.text(), message.location().url || page.url());
      if (r) seen.push(r);
    });
    // An uncaught error in the page is always a failure, whatever it says.
    page.on('pageerror', (error) => {
      const text = `${error.name}: ${error.message}`;
      seen.push(reportedOf(text, page.url()) ?? { name: 'Uncaught page error', text, url: page.url() });
    });
  };
  context.pages().forEach(watchPage);
  context.on('page', watchPage);
}

export const test = base.extend<{ browserReports: void }>({
  browserReports: [
    async ({ context, browser }, use) => {
      const seen: Reported[] = [];
      watchContext(context, seen);
      // Specs that sign several people in open their own contexts: watch those too.
      const newContext = browser.newContext.bind(browser);
      const patched = browser as Browser & { newContext: Browser['newContext'] };
      patched.newContext = async (...args) => {
        const created = await newContext(...args);
        watchContext(created, seen);
        return created;
      };
      try {
        await use();
      } finally {
        patched.newContext = newContext;
      }
      if (seen.length > 0) {
        const lines = seen.map((r) => `- ${r.name} on ${r.url}: ${r.text}`);
        throw new Error(`The browser reported ${seen.length} problem(s) during this test:\n${lines.join('\n')}`);
      }
    },
    { auto: true },
  ],
});
