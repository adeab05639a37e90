/**
 * @module
 * One call to ReccoBeats within its budget. ReccoBeats is free and keyless and publishes no
 * rate limit: past its unpublished one it answers HTTP 429 with `Retry-After`, which pauses
 * this process's budget for that long; the call is tried again while the budget's 3-s wait
 * allows, else it fails with 503 `service_unavailable` and a `Retry-After`. No answer in
 * 2.5 s is 504 `upstream_timeout`; unreachable, a 5xx, another unexpected status or a body that
 * is not JSON is 502 `upstream_error` (`kit/call/call.ts`). A caller that aborts gets its own abort
 * reason back.
 */
import { SleeveError } from '../../errors.ts';
import { textReplyOf, call, jsonOf, unexpected, type TextReply, type Upstream } from '../kit/call/call.ts';
import type { BudgetSpec } from '../kit/context.ts';
import type { RequestScope } from '../kit/scope.ts';

export const DRIVER_NAME: string = 'reccobeats';
/** At most this many ids a call, as ReccoBeats allows. */
export const MAX_IDS = 40;
/**
 * ReccoBeats publishes no number (its docs say only that limits exist and that a 429 carries
 * `Retry-After`), so this is a guess kept well on the safe side: 30 calls per 5 s, which the
 * budget's slot arithmetic turns into at most 4 calls a second (2 per 500-ms slot, at most 29
 * in any 5.5 s), i.e. up to 160 ISRCs a second. Features are stored for good, so steady traffic
 * is near zero and only cold caches burst: a playlist pool of 100 new ISRCs is 3 calls. A 429
 * still pauses everyone in this process for as long as ReccoBeats asks.
 */
export const RECCOBEATS_BUDGET: BudgetSpec = { name: DRIVER_NAME, limit: 30, windowMs: 5000 };
/** How long to hold off after a 429 that names no (readable) `Retry-After`. */
const RATE_LIMIT_PAUSE_MS = 1000;
const RATE_LIMIT_TRIES = 3;

/** What the health probe reads: any status, the body as text. */
type RawReply = TextReply;

export interface ReccoBeatsClient {
  /**
   * The parsed JSON body of `GET <base><path>?ids=<ids joined by commas>` (HTTP 200), or the
   * error a caller should see. At most `MAX_IDS` ids.
   */
  get(path: string, ids: readonly string[], scope: RequestScope | undefined): Promise<unknown>;
  /** One request with no budget, retries or status checks: what the health probe needs. */
  raw(path: string, ids: readonly string[], scope: RequestScope | undefined): Promise<RawReply>;
}

/** `Retry-After` in milliseconds from now: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(value: string | null, now: number): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // An HTTP date names its day and month (`Wed, 21 Oct 2015 07:28:00 GMT`); Date.parse would take `-3` for a year.
  if (!/[A-Za-z]{3}/.test(trimmed)) return undefined;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export interface ClientOptions {
  /** ReccoBeats as the context composed it (`DriverContext.upstream`): its budget and circuit, whose failures open it. */
  upstream: Upstream;
  now(): number;
}

export function reccobeatsClient(options: ClientOptions): ReccoBeatsClient {
  const { upstream } = options;
  const queryOf = (ids: readonly string[]): Record<string, string> => {
    if (ids.length === 0 || ids.length > MAX_IDS)
      throw new RangeError(`between 1 and ${MAX_IDS} ids a call, not ${ids.length}`);
    return { ids: ids.join(',') };
  };

  return {
    raw: (path, ids, scope) => call(upstream, path, { query: queryOf(ids), scope, raw: true }, textReplyOf),
    async get(path, ids, scope) {
      const query = queryOf(ids);
      for (let attempt = 1; ; attempt++) {
        // Within the budget and the circuit; a 429 and the statuses read below do not count against it.
        // Parsed within the call, so a body that is not JSON is tried again there (`kit/call/call.ts`).
        const { answer, body } = await call(upstream, path, { query, scope }, async (reply) => {
          const answer = await textReplyOf(reply);
          return { answer, body: answer.status === 200 ? jsonOf(upstream, answer) : undefined };
        });
        if (answer.status === 429) {
          const pauseMs = retryAfterMs(answer.headers.get('retry-after'), options.now()) ?? RATE_LIMIT_PAUSE_MS;
          upstream.budget?.pause(pauseMs);
          // The next take() waits out the pause, or refuses at once (503 + Retry-After) when it passes 3 s.
          if (attempt < RATE_LIMIT_TRIES) continue;
          throw new SleeveError(
            'service_unavailable',
            '[sleeve] [reccobeats] the upstream rate limit is exhausted; try again shortly',
            {
              headers: { 'Retry-After': String(Math.max(1, Math.ceil(pauseMs / 1000))) },
            },
          );
        }
        if (answer.status !== 200) throw unexpected(upstream, answer);
        return body;
      }
    },
  };
}
