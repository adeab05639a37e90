/**
 * @module
 * A request @hono/node-server cannot turn into a web `Request` (no Host, a Host that is no host
 * such as `evil.example:99999` or `[::1`, a target that is no path) gets its bare `400` with no
 * body. It is the client's fault all the same, so it is answered here first, in the D3 shape.
 */
import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import { SleeveError } from '../../core/errors.ts';
import { REMEMBERED_QUERY_LENGTH } from '../../core/http/query-memo.ts';
import { setBounded } from '../../core/utils/bounded-map.ts';
import { refusal } from './refusal.ts';

/** Why the request names no URL this server could answer, or null when it does. */
export function targetProblem(request: IncomingMessage): string | null {
  return urlProblem(request.headers.host, request.url ?? '');
}

/**
 * Why a Host and a target name no URL this server could answer, or null when they do: the one
 * check every request meets, those Node's parser refused and `client-errors.ts` mended included,
 * since a Request is built from the two (`http://<host><target>`) and a Host such as
 * `127.0.0.1/metrics?` would otherwise pick another path than the target's.
 */
export function urlProblem(host: string | undefined, target: string): string | null {
  if (!host) return 'The request has no Host header.';
  if (!target.startsWith('/')) return 'The request target is not a path.';
  const backslash = target.indexOf('\\');
  if (backslash >= 0) {
    const query = target.indexOf('?');
    if (query < 0 || backslash < query) return 'The request path holds a backslash.';
  }
  return hostProblem(host);
}

/** Hosts whose verdict is remembered (the oldest forgotten first): a server is asked under few names. */
const REMEMBERED_HOSTS = 64;
const verdicts = new Map<string, string | null>();
let last: { host: string; verdict: string | null } | undefined;

/**
 * Why a Host header is no host, or null. A path after it cannot change the host a URL parser
 * reads, so the verdict depends on the Host alone and is remembered: parsing a URL per request
 * cost a cache hit about half a microsecond (issue #24).
 */
function hostProblem(host: string): string | null {
  // The last one first: a server is asked under one name nearly always, and comparing two
  // strings costs less than hashing the new one for the map.
  if (last?.host === host) return last.verdict;
  let verdict = verdicts.get(host);
  if (verdict === undefined) verdict = checkedHost(host);
  last = { host, verdict };
  return verdict;
}

function checkedHost(host: string): string | null {
  let verdict: string | null;
  try {
    // A Host that parses into another host (`a@b`, `a b`) is no host either.
    verdict =
      new URL(`http://${host}/`).host === host.toLowerCase().replace(/:80$/, '')
        ? null
        : 'The Host header is malformed.';
  } catch {
    verdict = 'The Host header is malformed.';
  }
  if (host.length <= REMEMBERED_QUERY_LENGTH) setBounded(verdicts, host, verdict, REMEMBERED_HOSTS);
  return verdict;
}

/** The 400, in the shape of the version the target pins (D7), with no URL to build a Request from. */
async function refuse(
  request: IncomingMessage,
  response: ServerResponse,
  message: string,
  basePath: string,
): Promise<void> {
  const answer = refusal(request.url ?? '', new SleeveError('bad_request', message, { param: 'Host' }), basePath);
  const body = Buffer.from(await answer.arrayBuffer());
  response.writeHead(answer.status, {
    'content-type': 'application/json',
    'content-length': body.length,
    connection: 'close',
  });
  response.end(body);
}

/**
 * `createServer` for @hono/node-server, answering requests without a usable URL itself; `around`
 * makes the listener the rest are given to of @hono/node-server's.
 */
export function withTargetCheck(
  basePath = '',
  around: (listener: RequestListener) => RequestListener = (listener) => listener,
): typeof createServer {
  return ((options: object, written: RequestListener) => {
    const listener = around(written);
    return createServer(options, (request: IncomingMessage, response: ServerResponse) => {
      const problem = targetProblem(request);
      if (problem === null) return listener(request, response);
      refuse(request, response, problem, basePath).catch(() => response.destroy());
    });
  }) as typeof createServer;
}
