/**
 * @module
 * The `/status` page: one HTML document with its style and script inline, nothing fetched but
 * its own feed, so it works offline and behind any proxy; a few kilobytes. Its Content Security
 * Policy allows that inline style and script by their hashes, and nothing else.
 */
import type { StatusFeed } from './feed.ts';
import { STATUS_SCRIPT } from './script.ts';

const STYLE = `
:root { color-scheme: light dark; --fg: #1d2330; --muted: #667085; --bg: #f6f7f9; --card: #fff; --line: #d0d5dd;
  --a: #2563eb; --b: #d97706; --c: #7c3aed; --bad: #dc2626; --ok: #16a34a; }
@media (prefers-color-scheme: dark) { :root { --fg: #e4e7ec; --muted: #98a2b3; --bg: #111418; --card: #1a1f26; --line: #344054; } }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.4 system-ui, sans-serif; color: var(--fg); background: var(--bg); }
header { padding: 12px 20px; border-bottom: 1px solid var(--line); display: flex; flex-wrap: wrap; gap: 8px 24px; align-items: baseline; }
h1 { font-size: 18px; margin: 0; } h2 { font-size: 15px; margin: 0 0 8px; } h3 { font-size: 13px; margin: 0 0 4px; }
main { display: grid; grid-template-columns: repeat(auto-fill, minmax(340px, 1fr)); gap: 12px; padding: 12px 20px; }
section { background: var(--card); border: 1px solid var(--line); border-radius: 6px; padding: 12px; }
section.wide { grid-column: 1 / -1; }
#instance { display: flex; flex-wrap: wrap; gap: 4px 16px; }
.fig { display: flex; gap: 6px; } .fig .k { color: var(--muted); } .fig .v { font-variant-numeric: tabular-nums; }
.note { color: var(--muted); font-size: 12px; margin: 4px 20px; } #lacks { margin: 0 20px; color: var(--b); font-size: 12px; }
#offline { color: var(--bad); margin: 4px 20px; }
table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
th, td { text-align: left; padding: 3px 6px; border-bottom: 1px solid var(--line); } th { color: var(--muted); font-weight: 500; }
.c-closed { color: var(--ok); } .c-open { color: var(--bad); font-weight: 600; } .c-half-open { color: var(--b); }
.card { margin-bottom: 8px; } .none { color: var(--muted); }
figure.chart { margin: 4px 0; } svg { width: 100%; height: auto; display: block; }
.axis { stroke: var(--line); } .grid { stroke: var(--line); stroke-width: 0.5; } .l { fill: none; stroke-width: 1.5; } .tick { fill: var(--muted); font-size: 9px; } .end { text-anchor: end; }
.l.a { stroke: var(--a); } .l.b { stroke: var(--b); } .l.c { stroke: var(--c); } .l.bad { stroke: var(--bad); } .l.limit { stroke: var(--muted); stroke-dasharray: 4 3; }
.pt.a { fill: var(--a); } .pt.b { fill: var(--b); } .pt.c { fill: var(--c); } .pt.bad { fill: var(--bad); } .pt.limit { fill: var(--muted); }
.s-serving { color: var(--ok); } .s-degraded { color: var(--b); } .s-unreachable, .s-draining { color: var(--bad); font-weight: 600; }
.legend { font-size: 11px; color: var(--muted); } .key { display: inline-block; width: 10px; height: 3px; vertical-align: middle; background: var(--muted); }
.key.a { background: var(--a); } .key.b { background: var(--b); } .key.c { background: var(--c); } .key.bad { background: var(--bad); }
`;

const BODY = `<header><h1>Sleeve status</h1><div id="instance"></div><span id="updated" class="note"></span></header>
<p id="scope" class="note"></p><ul id="lacks"></ul><p id="offline" hidden></p>
<main>
<section class="wide"><h2>Upstreams</h2><div id="upstreams"></div></section>
<section><h2>Budget</h2><div id="budgets"></div><div id="promised"></div></section>
<section><h2>Cache</h2><div id="cache"></div></section>
<section><h2>Requests</h2><div id="requests"></div></section>
<section><h2>Memory</h2><div id="memory"></div></section>
</main>
<p class="note">Aggregates only: no client address, user agent or query is kept. The same series are on /metrics when SLEEVE_METRICS=1.</p>`;

/**
 * JSON as the text of a `<script type="application/json">`: no `<` (so no `</script>` or `<!--`
 * can end or bend the element) and no line separators older parsers split on. The browser runs
 * no data block, so the policy needs no hash for it.
 */
function scriptData(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The page, carrying its first feed so it draws its figures before its first poll answers. */
export function statusHtml(firstFeed: StatusFeed): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer"><title>Sleeve status</title>
<style>${STYLE}</style></head>
<body>${BODY}
<script type="application/json" id="first-feed">${scriptData(firstFeed)}</script>
<script>${STATUS_SCRIPT}</script></body></html>
`;
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return btoa(String.fromCharCode(...new Uint8Array(digest)));
}

let policy: Promise<string> | undefined;

/** The page's policy: its own inline style and script (by hash), its feed on this origin, nothing more. */
export function statusPolicy(): Promise<string> {
  policy ??= Promise.all([sha256(STYLE), sha256(STATUS_SCRIPT)]).then(([style, script]) =>
    [
      "default-src 'none'",
      `script-src 'sha256-${script}'`,
      `style-src 'sha256-${style}'`,
      "img-src 'none'",
      "connect-src 'self'",
      "base-uri 'none'",
      "form-action 'none'",
      "frame-ancestors 'none'",
    ].join('; '),
  );
  return policy;
}
