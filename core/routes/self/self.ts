/**
 * @module
 * The service describing itself, generated from the route table, never listed by hand:
 * `/openapi.json` (OpenAPI 3.1), `/llms.txt` (for language-model tools) and `/`, a landing
 * page for a browser and a JSON pointer for an API client. All public (on the contact rule's
 * exempt list), answered by the service alone, and not batchable: they describe the data
 * rather than being it. Each reads the table the app was built from (`frame.endpoints`).
 */
import { defineEndpoint } from '../../http/endpoint.ts';
import { landingSchema, openApiSchema } from '../../schemas/responses/index.ts';
import { prefersHtml } from '../../self/accept.ts';
import { curlOf } from '../../self/curl.ts';
import { documentAt, llmsTxt, openApiJson } from '../../self/described.ts';
import { landingHtml, landingJson, type PageFacts } from '../../self/landing.ts';
import type { Operation } from '../../openapi/types.ts';
import { VERSION } from '../../version.ts';

const selfDescription = { public: true, batchable: false, upstream: false } as const;

/** Changes only with a deployment: an hour is fresh enough. */
const HOUR = 60 * 60;

export const openApi = defineEndpoint({
  ...selfDescription,
  path: '/openapi.json',
  summary: 'This API as an OpenAPI 3.1 document, generated from the endpoint declarations.',
  description:
    "`servers` name this deployment's base, and the same under a version prefix: `SLEEVE_BASE_URL` when set, else the path it is mounted under (`/` at the root), relative to the address this document was fetched from.",
  cache: HOUR,
  response: openApiSchema,
  handle({ deps, frame }) {
    // Already JSON text (rendered once per app): sent as it is rather than parsed and re-serialised.
    return new Response(openApiJson(frame, deps.options), { headers: { 'Content-Type': 'application/json' } });
  },
});

export const llms = defineEndpoint({
  ...selfDescription,
  path: '/llms.txt',
  summary:
    'This API as markdown for language-model tools (llmstxt.org): its rules, then every endpoint with a curl to try.',
  description:
    'Text, so the service keeps no copy of the answer (it renders it once per app); clients may keep it an hour.',
  response: {
    media: ['text/plain'],
    description: 'Markdown, as llms.txt has it: an H1, a summary, the rules, then sections of links.',
  },
  handle({ deps, frame, base }) {
    return new Response(llmsTxt(frame, deps.options, base), {
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': `public, max-age=${HOUR}` },
    });
  },
});

/** The first example that needs the contact User-Agent, to show the rule at work. */
function firstCurl(paths: Record<string, Partial<Record<string, Operation>>>, base: string): string | undefined {
  for (const [path, item] of Object.entries(paths)) {
    for (const op of Object.values(item)) {
      const curl = op && op.security.length > 0 ? curlOf(base, path, op) : undefined;
      if (curl) return curl;
    }
  }
  return undefined;
}

export const landing = defineEndpoint({
  ...selfDescription,
  path: '/',
  summary: 'What this service is, with links onward: a page for a browser, JSON for anything else.',
  description:
    'An `Accept` that prefers `text/html` to JSON (a browser) gets a small HTML page with relative links; anything else gets the JSON below, with absolute links. Answers vary by `Accept`, so the service keeps no copy (clients may keep one 5 minutes).',
  response: landingSchema,
  // The frame sends it (D62), with `Host` when the links are built from it.
  vary: () => ['Accept'],
  handle({ deps, frame, base, request }) {
    const { mode, basePath } = deps.options;
    const headers = { 'Cache-Control': 'public, max-age=300' };
    if (!prefersHtml(request.headers.get('accept')))
      return Response.json(landingJson({ base, mode, version: VERSION }), { headers });
    const facts: PageFacts = {
      base,
      basePath,
      mode,
      version: VERSION,
      curl: firstCurl(documentAt(frame, deps.options).paths, base),
    };
    return new Response(landingHtml(facts), { headers: { ...headers, 'Content-Type': 'text/html; charset=utf-8' } });
  },
});
