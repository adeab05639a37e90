/**
 * @module
 * How the links driver asks every one of its upstreams (`kit/call/call.ts` makes the call): only
 * ever at the upstream's configured base (the path is built by the caller from vetted parts,
 * never taken from a body), redirects not followed except to the same base (at most 3), the
 * answer read up to a size cap, within the upstream's own timeout and through its own circuit,
 * as a platform's link-preview agent. A 429 is `503 service_unavailable` with the upstream's
 * `Retry-After`; other statuses below 500 are answered for the caller to read.
 */
import { VERSION } from '../../version.ts';
import { textReplyOf, call, type TextReply, type Upstream } from '../kit/call/call.ts';
import type { RequestScope } from '../kit/scope.ts';

/**
 * The driver's name in logs, errors, circuits (`links:<upstream>`) and the names of its caches
 * (`links:itunes`): those names are in stored cache keys, so it stays `links` (D46).
 */
export const DRIVER_NAME: string = 'links';

export interface RequestOptions {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  scope?: RequestScope | undefined;
  /** Largest body read, in bytes (default 2 MiB); more is a 502. */
  maxBytes?: number;
  /** Follow a redirect that stays on the upstream's own base (default true; false for short links). */
  followSameBase?: boolean;
  /** The health probe's way: no circuit, and every status answered as it came (5xx and 429 too). */
  raw?: boolean;
}

/** An HTML page of a platform is a few hundred KiB; an oEmbed or API answer far less. */
const MAX_BODY_BYTES: number = 2 * 1024 * 1024;

/** Sent with every request: platforms serve their Open Graph tags to link-preview agents. */
const USER_AGENT: string = `Mozilla/5.0 (compatible; Sleeve/${VERSION}; +link metadata)`;

/** The statuses that mean "no such item" (or not one anybody may see): null, not an error. */
export const MISSING: ReadonlySet<number> = new Set([400, 401, 403, 404, 410]);

/** `base + path` (path starts with `/`, may carry a query), or a redirect of it that stays on the base. */
export function request(upstream: Upstream, path: string, options: RequestOptions = {}): Promise<TextReply> {
  return call(
    upstream,
    path,
    {
      method: options.method,
      body: options.body,
      scope: options.scope,
      raw: options.raw,
      headers: { 'user-agent': USER_AGENT, 'accept-language': 'en', ...options.headers },
      redirect: options.followSameBase === false ? 'manual' : 'same-base',
      maxBytes: options.maxBytes ?? MAX_BODY_BYTES,
      passOnRateLimit: true,
    },
    textReplyOf,
  );
}
