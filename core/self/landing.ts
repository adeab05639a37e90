/**
 * @module
 * `GET /`: what the service is and where to go next, as a small self-contained HTML page for
 * a browser and as JSON for anything else (`accept.ts`). The page loads nothing from elsewhere
 * and links relatively (`docs`, not `/docs`), so it works wherever Sleeve is mounted; with a
 * `basePath` it also names it in `<base>`, since `/music` (no trailing slash) would otherwise
 * resolve `docs` to `/docs`. The JSON's links are absolute, from the request's base.
 */
import type { Mode } from '../wiring/options.ts';
import { SERVICE_NAME, SERVICE_SUMMARY, modeSentence } from '../openapi/about.ts';
import type { LandingBody } from '../schemas/responses/index.ts';

export interface LandingFacts {
  /** `SLEEVE_BASE_URL`, or the request's origin and `basePath`. */
  base: string;
  mode: Mode;
  version: string;
}

/** What the page shows besides the JSON's facts. */
export interface PageFacts extends LandingFacts {
  /** `''` or `/music`. */
  basePath: string;
  /** A `curl` of an endpoint's example, with the contact User-Agent. */
  curl: string | undefined;
}

/** The pages the landing points at, relative to the base. */
const LINKS: Readonly<Record<keyof LandingBody['links'], string>> = {
  docs: 'docs',
  openapi: 'openapi.json',
  llms: 'llms.txt',
  health: 'healthz',
};

export function landingJson(facts: LandingFacts): LandingBody {
  const links = Object.fromEntries(
    Object.entries(LINKS).map(([name, path]) => [name, `${facts.base}/${path}`]),
  ) as LandingBody['links'];
  return { name: SERVICE_NAME, description: SERVICE_SUMMARY, version: facts.version, mode: facts.mode, links };
}

const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

const STYLE = [
  'body{font:16px/1.5 system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem;color:#1f2328;background:#fff}',
  'a{color:#0b5cad}code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.9em}',
  'pre{background:#f3f4f6;padding:.75rem 1rem;border-radius:6px;overflow-x:auto}',
  '@media (prefers-color-scheme:dark){body{color:#e6e6e6;background:#16181c}a{color:#6cb6ff}pre{background:#24272e}}',
].join('');

export function landingHtml(facts: PageFacts): string {
  const base = facts.basePath ? `\n<base href="${escapeHtml(facts.basePath)}/">` : '';
  const curl = facts.curl
    ? `<h2>Try it</h2>
<p>Every endpoint but a few public ones needs a <code>User-Agent</code> holding a contact e-mail address (scripts in a browser send it as <code>Api-User-Agent</code>); without one the answer is a 401.</p>
<pre><code>${escapeHtml(facts.curl)}</code></pre>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${SERVICE_NAME}</title>${base}
<style>${STYLE}</style>
</head>
<body>
<h1>${SERVICE_NAME}</h1>
<p>${escapeHtml(SERVICE_SUMMARY)}</p>
<p>Version ${escapeHtml(facts.version)}. ${escapeHtml(modeSentence(facts.mode))}</p>
<ul>
<li><a href="${LINKS.docs}">API reference</a>: every endpoint, with requests to try</li>
<li><a href="${LINKS.openapi}">OpenAPI 3.1 document</a>: the same for programs</li>
<li><a href="${LINKS.llms}">llms.txt</a>: the same for language models</li>
<li><a href="${LINKS.health}">Health</a>: whether the service and its upstreams answer</li>
</ul>
${curl}
</body>
</html>
`;
}
