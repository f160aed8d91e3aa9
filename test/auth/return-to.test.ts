// The return-path rule (lib/auth/return-to.ts) against a table of hostile addresses: each one
// either stays a path on this site or becomes `/`, and what comes out is printable ASCII that a
// Location header carries and a browser resolves on this site.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { authOptions } from '../../lib/auth/auth-options';
import { safeReturnTo, safeReturnUrl } from '../../lib/auth/return-to';
import { HOSTILE_RETURN_PATHS } from '../support/hostile-return-paths';

const APP = 'https://arbor.example';

/** What a browser does with a Location header: resolve it against the page's URL. */
const resolvedOrigin = (location: string) => new URL(location, `${APP}/sign-in`).origin;

test('every hostile return address stays on this site as printable ASCII, and never throws', () => {
  for (const [name, raw] of HOSTILE_RETURN_PATHS) {
    const path = safeReturnTo(raw, APP);
    assert.match(path, /^\/(?!\/)[\x21-\x7e]*$/, name);
    assert.ok(path.length <= 2000, name);
    assert.equal(resolvedOrigin(path), APP, `${name}: ${path}`);
    assert.doesNotThrow(() => new Headers({ location: path }), name);
    assert.equal(safeReturnUrl(raw, APP), `${APP}${path}`, name);
    // Normalised: the rule's answer is its own answer.
    assert.equal(safeReturnTo(path, APP), path, `${name}: idempotent`);
  }
});

test('the ones that could only leave the site become the home page', () => {
  for (const raw of ['/\t/evil.example/x', '/\r\n/evil.example/x', '/\\evil.example/x', '\\\\evil.example/x', '//evil.example/x', '/.//evil.example/x',
    'https://evil.example/x', 'https://user:pw@arbor.example/x', 'javascript:alert(1)', `/${'a'.repeat(10 * 1024)}`, '/sign-in?x', '/api/auth/signin']) {
    assert.equal(safeReturnTo(raw, APP), '/', JSON.stringify(raw.slice(0, 40)));
  }
});

test('paths on this site are kept, percent-encoded where they were not', () => {
  assert.equal(safeReturnTo('/units/01J?tab=members#top', APP), '/units/01J?tab=members#top');
  assert.equal(safeReturnTo(`${APP}/units/01J`, APP), '/units/01J');
  assert.equal(safeReturnTo('/Ā', APP), '/%C4%80');
  assert.equal(safeReturnTo('/%2F/evil.example/x', APP), '/%2F/evil.example/x');
  assert.equal(safeReturnTo('/x\r\nSet-Cookie: a=b', APP), '/xSet-Cookie:%20a=b');
  assert.equal(safeReturnTo('/x%zz', APP), '/x%25zz');
  assert.equal(safeReturnTo('/select-tenant?next=%2Funits%2F1', APP), '/select-tenant?next=%2Funits%2F1');
  for (const bad of [undefined, null, 42, {}, '']) assert.equal(safeReturnTo(bad, APP), '/');
});

test("next-auth's redirect callback (the OIDC sign-in's return address) answers by the same rule", async () => {
  const app = new URL(process.env.ARBOR_APP_URL!).origin;
  const redirect = authOptions({ logger: undefined }).callbacks!.redirect!;
  for (const [name, raw] of HOSTILE_RETURN_PATHS) {
    const url = await redirect({ url: raw, baseUrl: app });
    assert.equal(url, `${app}${safeReturnTo(raw, app)}`, name);
    assert.equal(new URL(url).origin, app, name);
  }
  assert.equal(await redirect({ url: `${app}/units/01J?tab=members`, baseUrl: app }), `${app}/units/01J?tab=members`);
});
