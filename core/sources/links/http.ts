/**
 * @module
 * One request to one of the links source's upstreams, the same way for all of them: only ever
 * to the upstream's configured base (the path is built by the caller from vetted parts, never
 * taken from a body), redirects not followed except to the same base (at most 3), the answer
 * read up to a size cap, within the upstream's own timeout and through its own circuit.
 * Failures are D3's: no answer in time is `504 upstream_timeout`; unreachable, a 5xx, an
 * oversized or (for JSON) unreadable body, or an unexpected status is `502 upstream_error`; a
 * 429 is `503 service_unavailable` with the upstream's `Retry-After`. A caller that aborts gets
 * its own abort reason back.
 */
import { SleeveError, upstreamError } from '../../errors.ts';
import { VERSION } from '../../version.ts';
import type { Circuit } from '../kit/circuit.ts';
import type { FetchLike } from '../kit/fetch-like.ts';
import { readAtMost } from '../kit/read-limited.ts';
import { withTimeout } from '../kit/tally.ts';

/** One configured upstream of the links source. */
export interface LinkUpstream {
  /** Names the upstream in errors and logs: `spotify`, `itunes`, `short-links`. */
  readonly name: string;
  /** Origin and path prefix, no trailing slash: `https://itunes.apple.com`. */
  readonly base: string;
  readonly timeoutMs: number;
  readonly circuit: Circuit;
  readonly fetch: FetchLike;
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

export interface RequestOptions {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal | undefined;
  /** Largest body read, in bytes (default 2 MiB); more is a 502. */
  maxBytes?: number;
  /** Follow a redirect that stays on the upstream's own base (default true; false for short links). */
  followSameBase?: boolean;
  /** The health probe's way: no circuit, and every status answered as it came (5xx and 429 too). */
  raw?: boolean;
}

/** An HTML page of a platform is a few hundred KiB; an oEmbed or API answer far less. */
export const MAX_BODY_BYTES: number = 2 * 1024 * 1024;
const MAX_SAME_BASE_REDIRECTS = 3;
const REDIRECTS: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/** Sent with every request: platforms serve their Open Graph tags to link-preview agents. */
export const USER_AGENT: string = `Mozilla/5.0 (compatible; Sleeve/${VERSION}; +link metadata)`;

export function isRedirect(status: number): boolean {
  return REDIRECTS.has(status);
}

/**
 * `base + path` (path starts with `/`, may carry a query), or a redirect of it that stays on the
 * base. Statuses below 500 other than 429 are answered for the caller to read.
 */
export async function request(upstream: LinkUpstream, path: string, options: RequestOptions = {}): Promise<Answer> {
  if (options.raw === true) return once(upstream, `${upstream.base}${path}`, options);
  return upstream.circuit.run(async () => {
    let url = `${upstream.base}${path}`;
    for (let hop = 0; ; hop++) {
      const answer = await once(upstream, url, options);
      if (!isRedirect(answer.status) || options.followSameBase === false) return checked(upstream, answer);
      const next = sameBase(upstream.base, answer.headers.get('location'), url);
      if (next === null || hop >= MAX_SAME_BASE_REDIRECTS) throw upstreamError(upstream.name, `answered HTTP ${answer.status} to somewhere else than ${upstream.base}`);
      url = next;
    }
  });
}

/** The body as JSON: the caller has checked the status. */
export function json(upstream: LinkUpstream, answer: Answer): unknown {
  try {
    return JSON.parse(answer.text) as unknown;
  } catch (error) {
    throw upstreamError(upstream.name, `answered HTTP ${answer.status} with a body that is not JSON`, 'upstream_error', error);
  }
}

/** The statuses that mean "no such item" (or not one anybody may see): null, not an error. */
export const MISSING: ReadonlySet<number> = new Set([400, 401, 403, 404, 410]);

/** An answer that is neither 200 nor a "missing" status is the upstream failing. */
export function unexpected(upstream: LinkUpstream, answer: Answer): SleeveError {
  return upstreamError(upstream.name, `answered HTTP ${answer.status}: ${answer.text.slice(0, 200)}`);
}

function checked(upstream: LinkUpstream, answer: Answer): Answer {
  if (answer.status >= 500) throw upstreamError(upstream.name, `answered HTTP ${answer.status}`);
  if (answer.status === 429) {
    const seconds = Number(answer.headers.get('retry-after') ?? '');
    throw new SleeveError('service_unavailable', `[sleeve] [${upstream.name}] the upstream rate limit is exhausted; try again shortly`, {
      headers: { 'Retry-After': String(Number.isInteger(seconds) && seconds > 0 ? seconds : 5) },
    });
  }
  return answer;
}

/** The absolute target of a redirect when it is on the same base, else null. */
function sameBase(base: string, location: string | null, from: string): string | null {
  if (location === null) return null;
  const target = URL.parse(location, from);
  if (target === null || target.username !== '' || target.password !== '') return null;
  const href = target.href;
  return href.startsWith(`${base}/`) || href === base ? href : null;
}

async function once(upstream: LinkUpstream, url: string, options: RequestOptions): Promise<Answer> {
  const { signal } = options;
  signal?.throwIfAborted();
  const timeout = AbortSignal.timeout(upstream.timeoutMs);
  const both = withTimeout(signal, timeout);
  const failed = (error: unknown, what: string): unknown => {
    if (signal?.aborted) return signal.reason;
    if (timeout.aborted) return upstreamError(upstream.name, `sent no ${what} within ${upstream.timeoutMs} ms`, 'upstream_timeout', error);
    return upstreamError(upstream.name, what === 'answer' ? 'unreachable' : `failed while sending the ${what}`, 'upstream_error', error);
  };
  let response: Response;
  try {
    response = await upstream.fetch(url, {
      method: options.method ?? 'GET',
      redirect: 'manual',
      signal: both,
      body: options.body,
      headers: { 'user-agent': USER_AGENT, 'accept-language': 'en', ...options.headers },
    });
  } catch (error) {
    throw failed(error, 'answer');
  }
  if (isRedirect(response.status) || response.status >= 500) {
    await response.body?.cancel().catch(() => {});
    return { status: response.status, headers: response.headers, text: '' };
  }
  const maxBytes = options.maxBytes ?? MAX_BODY_BYTES;
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw upstreamError(upstream.name, `sent a body over ${maxBytes} bytes`);
  }
  let text: string | null;
  try {
    const bytes = await readAtMost(response.body, maxBytes);
    text = bytes === null ? null : new TextDecoder().decode(bytes);
  } catch (error) {
    throw failed(error, 'body');
  }
  if (text === null) throw upstreamError(upstream.name, `sent a body over ${maxBytes} bytes`);
  return { status: response.status, headers: response.headers, text };
}

