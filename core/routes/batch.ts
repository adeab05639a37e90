/**
 * @module
 * `POST /batch` (D6): up to 20 GET sub-requests, 6 at a time (p-limit), each
 * dispatched through the app itself, so it meets the same version prefix, validation, rate
 * limit (counted on its own endpoint, for the caller's IP) and cache as a direct call. The
 * caller's headers go along (User-Agent, forwarding and country headers). The envelope is
 * 200 whenever the batch itself was well formed.
 */
import pLimit from 'p-limit';
import { SleeveError } from '../errors.ts';
import { batchBodySchema, readBatch, type SubRequest } from './batch-request.ts';
import { bindings, versionOf, type SleeveBindings } from '../http/context.ts';
import { defineEndpoint, isBatchable, type FrameApi } from '../http/endpoint.ts';
import { batchSchema } from '../schemas/responses/index.ts';
import { versionedErrorBody } from '../http/errors.ts';
import { traceOf } from '../http/request-trace.ts';
import { VERSION_PREFIX } from '../http/layers/version-prefix.ts';
import { routedPath } from '../utils/url-path.ts';
import type { VersionInfo } from '../http/versions.ts';

const CONCURRENCY = 6;
/**
 * Headers that describe the batch's own body or its cache state, not the caller; and `Accept`,
 * which asks for the envelope (JSON): a sub-request carrying `text/event-stream` would ask a
 * stream, which never ends, for an answer the envelope must wait for (D58).
 */
const NOT_CARRIED = [
  'content-type',
  'content-length',
  'transfer-encoding',
  'if-none-match',
  'if-modified-since',
  'accept',
];
/** An answer that is a stream: never read into the envelope, whatever answered it. */
const STREAM = 'text/event-stream';

export interface SubResponse {
  status: number;
  elapsedMs: number;
  cache: 'HIT' | 'MISS' | null;
  body: unknown;
}

/** The endpoint path a sub-request names: as the router will route it (`/%63over` is `/cover`), less its version prefix. */
function pathOf(url: URL): string {
  return routedPath({ url: url.href }).replace(VERSION_PREFIX, '') || '/';
}

/** A sub-request must name a batchable endpoint (its own `batchable`); an unknown path is left to answer its 404. */
function refusal(frame: FrameApi, path: string): string | undefined {
  const endpoint = frame.endpointAt(path);
  return endpoint && !isBatchable(endpoint) ? `${path} cannot be batched` : undefined;
}

/** A sub-request refused before it ran, or its stream left unread: a 400 entry naming the path. */
function refusedEntry(message: string, version: VersionInfo): SubResponse {
  return {
    status: 400,
    elapsedMs: 0,
    cache: null,
    body: versionedErrorBody(new SleeveError('bad_request', message, { param: 'path' }), version),
  };
}

async function run(
  sub: SubRequest,
  frame: FrameApi,
  request: Request,
  env: SleeveBindings,
  version: VersionInfo,
): Promise<SubResponse> {
  const started = performance.now();
  const path = pathOf(sub.url);
  const refused = refusal(frame, path);
  if (refused) return refusedEntry(refused, version);
  const headers = new Headers(request.headers);
  for (const name of NOT_CARRIED) headers.delete(name);
  const res = await frame.dispatch(new Request(sub.url, { headers, signal: request.signal }), env);
  if (res.headers.get('content-type')?.startsWith(STREAM)) {
    // Not waited for: a stream ends when its client leaves, and the envelope is that client.
    await res.body?.cancel();
    return refusedEntry(`${path} answers a stream, which cannot be batched`, version);
  }
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON (should not happen for batchable endpoints): pass the text on as it is.
  }
  const state = res.headers.get('x-cache');
  const cache = state === 'MISS' ? 'MISS' : state === 'HIT' || state === 'STALE' ? 'HIT' : null;
  return { status: res.status, elapsedMs: Math.round(performance.now() - started), cache, body };
}

export const batch = defineEndpoint({
  path: '/batch',
  method: 'POST',
  summary: 'Up to 20 GET requests in one: each answered as if asked alone, in one envelope.',
  description: `Sub-requests run ${CONCURRENCY} at a time; each counts against its own endpoint's rate limit. Only operations marked \`x-batchable: true\` can be batched, not images and cards, streams, previews, the AI routes, the self-description and /docs, /metrics, nor /batch itself: such an entry is a 400.`,
  since: '2.4.0',
  rateLimit: 30,
  cache: 'no-store',
  batchable: false,
  body: batchBodySchema,
  bodyExample: {
    requests: [
      { id: 'search', path: '/search/all?query=love&limit=3' },
      { id: 'track', path: '/track/isrc?isrc=GBE8P2600039' },
      { path: '/artist/info?id=1361' },
    ],
  },
  response: batchSchema,
  async handle({ request, c, frame, deps }) {
    const started = performance.now();
    const subs = await readBatch(request, { timeoutMs: deps.options.bodyTimeoutMs, timer: deps.clock.timer });
    const version = versionOf(c);
    // Sub-requests share the batch's id and upstream tally: one id for the caller to quote.
    const env = { clientIp: bindings(c).clientIp, sleeveVersion: version.name, sleeveBatch: traceOf(c) };
    const limit = pLimit(CONCURRENCY);
    const results = await Promise.all(subs.map((sub) => limit(() => run(sub, frame, request, env, version))));
    const responses: Record<string, SubResponse> = {};
    for (const [i, sub] of subs.entries()) responses[sub.id] = results[i]!;
    const succeeded = results.filter((r) => r.status < 400).length;
    return {
      count: subs.length,
      succeeded,
      failed: subs.length - succeeded,
      elapsedMs: Math.round(performance.now() - started),
      responses,
    };
  },
});
