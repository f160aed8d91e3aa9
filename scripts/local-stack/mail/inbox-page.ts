// The local inbox as one HTML page: newest first, each message's text part, and a link to its
// HTML part (served under a CSP that allows no script).
import type { CapturedMail } from './index';

const e = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function inboxPage(messages: CapturedMail[]): string {
  const items = messages.map((m) => `<article>
<h2>${e(m.subject || '(no subject)')}</h2>
<p class="meta">To ${e(m.to.join(', '))} · from ${e(m.from)} · ${e(m.receivedAt)}${m.html ? ` · <a href="/messages/${m.id}/html">HTML part</a>` : ''}</p>
<pre>${e(m.text)}</pre>
</article>`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Arbor local inbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#18181b}
article{border:1px solid #d4d4d8;border-radius:8px;padding:0 1rem;margin:1rem 0}.meta{color:#52525b;font-size:.875rem}
pre{white-space:pre-wrap;word-break:break-word}</style></head>
<body><h1>Arbor local inbox</h1>
<p>Every message the app sent to the local SMTP server, newest first (${messages.length}). JSON: <a href="/messages">/messages</a>. Reload to see new mail.</p>
${items.join('\n') || '<p>Nothing sent yet.</p>'}
</body></html>`;
}
