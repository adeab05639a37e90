/**
 * @module
 * Sleeve's own parts of the `/docs` page: its HTML and the small stylesheet of the note above
 * Swagger UI. Every link is relative and written for the page's one URL, `…/docs` with no
 * trailing slash (`/docs/` redirects there): `docs/swagger-ui.css` then resolves to
 * `/docs/swagger-ui.css`, and under a mount prefix to `/music/docs/swagger-ui.css`, with no
 * knowledge of the prefix. No inline script or style, so the page's CSP allows only 'self'.
 */

/** The example contact the README and docs/http.md give; the page says to replace it with one's own. */
export const EXAMPLE_CONTACT = 'MyApp/1.0 (you@example.com)';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The page; `token` names the current files, so their links can be cached for good. */
export function pageHtml(token: string): string {
  const at = (file: string) => `docs/${file}?v=${token}`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sleeve API reference</title>
<link rel="stylesheet" href="${at('swagger-ui.css')}">
<link rel="stylesheet" href="${at('page.css')}">
<link rel="icon" type="image/png" href="${at('favicon-32x32.png')}" sizes="32x32">
<link rel="icon" type="image/png" href="${at('favicon-16x16.png')}" sizes="16x16">
</head>
<body>
<header class="sleeve-note">
<p><strong>Sleeve API reference</strong>, from this server's own <a href="openapi.json">openapi.json</a>.
Every call but the public ones needs a contact e-mail; a browser cannot set <code>User-Agent</code>, so "Try it out" sends
<code>Api-User-Agent: ${escapeHtml(EXAMPLE_CONTACT)}</code>. Put your own contact there (<em>Authorize</em>) before you build on it.</p>
</header>
<div id="swagger-ui"></div>
<script src="${at('swagger-ui-bundle.js')}"></script>
<script src="${at('init.js')}"></script>
</body>
</html>
`;
}

/** The note's look: Swagger UI's own width, font and colours, so it reads as part of the page. */
export const PAGE_CSS = `.sleeve-note {
  box-sizing: border-box;
  max-width: 1460px;
  margin: 0 auto;
  padding: 16px 20px 0;
  font-family: sans-serif;
  font-size: 14px;
  line-height: 1.5;
  color: #3b4151;
}
.sleeve-note p {
  margin: 0;
  padding: 10px 14px;
  border-left: 4px solid #49cc90;
  background: #f0faf5;
}
.sleeve-note code {
  font-family: monospace;
  font-weight: 600;
}
.sleeve-note a {
  color: #4990e2;
}
`;
