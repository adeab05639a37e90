/**
 * @module
 * `/docs`: the interactive API reference, Swagger UI over `/openapi.json`, served whole by
 * Sleeve (no CDN, no external font, no validator badge), so it works offline, on every
 * runtime, and under a mount prefix. Public (a browser opening a page sends no contact),
 * never batchable, unlimited like the pictures: everything is held in memory once read.
 *
 * - `/docs`: the page. Its links are relative and written for this URL (see `docs/page.ts`).
 *   `no-cache`: revalidated each visit (a 304 when unchanged), so a new version is seen at once.
 * - `/docs/`: redirects to `../docs`, relative so it holds under any prefix (`/music/docs/` →
 *   `/music/docs`); the page's relative links would resolve one level too deep from there.
 * - `/docs/<file>`: one of the page's files, from a fixed list. Linked with `?v=<token>`, which
 *   names their content: asked for under the current token, a file is immutable for a year;
 *   otherwise it is revalidated each time.
 *
 * Declared without a `cache` lifetime: the frame's cache keeps JSON answers in the storage,
 * and these are bytes held in memory already, with their own `Cache-Control` and `ETag`.
 */
import * as v from 'valibot';
import type { Deps } from '../../wiring/deps.ts';
import { docsAssets, DOCS_FILE_NAMES, type DocsAssets } from '../../docs/assets.ts';
import { SleeveError } from '../../errors.ts';
import { conditionalAnswer } from '../../http/conditional.ts';
import { defineEndpoint } from '../../http/endpoint.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, no-cache';

/** One set of held files per Sleeve instance, made on its first docs request. */
const assetsByDeps = new WeakMap<Deps, DocsAssets>();
function assetsOf(deps: Deps): DocsAssets {
  let assets = assetsByDeps.get(deps);
  if (assets === undefined) assetsByDeps.set(deps, (assets = docsAssets(deps.options.docsFiles, deps.log)));
  return assets;
}

/**
 * The page may fetch and run only what this server serves: Swagger UI's script and style are
 * files here, its icons are `data:` URLs in its stylesheet, and an image answer shown by "Try
 * it out" is a `blob:`. Calls go to this origin, or to the configured public base URL, which
 * `/openapi.json` names as the server.
 */
function contentSecurityPolicy(baseUrl: string | undefined): string {
  const elsewhere = baseUrl === undefined || !URL.canParse(baseUrl) ? '' : ` ${new URL(baseUrl).origin}`;
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    `connect-src 'self'${elsewhere}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'self'",
  ].join('; ');
}

// Served from the installed package, never an upstream: no 502 or 504 to publish.
const docs = { public: true, batchable: false, upstream: false } as const;

export const docsPage = defineEndpoint({
  ...docs,
  path: '/docs',
  summary: 'This API reference, interactive: Swagger UI over /openapi.json, served by Sleeve itself.',
  description:
    'Works offline and under a mount prefix. "Try it out" sends the README\'s example contact as `Api-User-Agent`; put your own there.',
  response: { media: ['text/html'], description: 'The page; its script, style and icons are under /docs/.' },
  async handle({ deps, request }) {
    const page = await assetsOf(deps).page();
    return conditionalAnswer(request, page.body, {
      type: page.type,
      etag: page.etag,
      cache: REVALIDATE,
      more: {
        'Content-Security-Policy': contentSecurityPolicy(deps.options.baseUrl),
        'Referrer-Policy': 'no-referrer',
      },
    });
  },
});

export const docsSlash = defineEndpoint({
  ...docs,
  path: '/docs/',
  // Not described: the same page spelled with a slash is no operation of its own, and a path
  // ending in `/` is one OpenAPI linters refuse (Redocly's no-path-trailing-slash).
  described: false,
  summary: "Redirects to /docs, the one URL the page's relative links are written for.",
  response: { media: [], status: 302, description: 'Location: ../docs (relative, so it holds under a mount prefix).' },
  handle() {
    return new Response(null, { status: 302, headers: { Location: '../docs' } });
  },
});

export const docsFile = defineEndpoint({
  ...docs,
  path: '/docs/:file',
  summary: `A file of the /docs page: ${DOCS_FILE_NAMES.join(', ')}.`,
  params: v.object({
    v: v.optional(
      v.pipe(
        v.string(),
        v.description(
          'The token the page links its files with; the current one makes the answer immutable for a year.',
        ),
      ),
    ),
  }),
  example: { file: 'init.js', v: '1' },
  response: {
    media: ['text/javascript', 'text/css', 'image/png'],
    description: "Swagger UI's files (from swagger-ui-dist) and Sleeve's own, with ETag and 304.",
  },
  async handle({ params, deps, request, c }) {
    const assets = assetsOf(deps);
    const file = await assets.file(c.req.param('file') ?? '');
    if (file === null)
      throw new SleeveError('not_found', `The docs page has no such file; it has ${DOCS_FILE_NAMES.join(', ')}.`);
    const cache = params.v !== undefined && params.v === (await assets.token()) ? IMMUTABLE : REVALIDATE;
    return conditionalAnswer(request, file.body, { type: file.type, etag: file.etag, cache });
  },
});
