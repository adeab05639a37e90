/**
 * @module
 * D20: every response's `X-Request-Id`. A caller's own id is kept when it is well formed, so
 * a proxy or client that already tags its requests finds its tag in our answers and logs;
 * anything else is replaced. Well formed: 1 to 128 of `A-Z a-z 0-9 . _ : -`, enough for
 * UUIDs, ULIDs and the usual proxy ids, and nothing that could split a log line or a header.
 */
import type { HeaderReader } from '../hit/request-view.ts';

export const REQUEST_ID_HEADER = 'X-Request-Id';
/** As a request's header is read: in lower case, as a `HeaderReader` is asked. */
const REQUEST_ID_READ = 'x-request-id';

const WELL_FORMED = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The caller's id when well formed, else a fresh UUID. A UUID rather than a process counter:
 * ids stay unique across instances and restarts, and do not tell callers how busy we are. It
 * costs about 0.1 µs on Node (its randomness is drawn in batches), nothing next to a cache hit.
 */
export function requestId(given: string | null | undefined): string {
  return given != null && WELL_FORMED.test(given) ? given : crypto.randomUUID();
}

/**
 * A request's id, from its headers: what the frame's observe layer and the hit path both
 * call, so the rule and the header it reads live here alone.
 */
export function requestIdFrom(headers: HeaderReader): string {
  return requestId(headers.get(REQUEST_ID_READ));
}
