/**
 * An upstream played from a script, for the tests of the one upstream caller
 * (`core/drivers/kit/call/call.ts`): each request sent is answered by the next step, the last one
 * again once they run out, and the time each was sent is kept.
 */
import type { Clock } from '../../../core/drivers/kit/clock.ts';
import type { FetchLike } from '../../../core/drivers/kit/call/fetch-like.ts';

/** How the upstream answers one request (its init carries the try's abort signal). */
export type Step = (init: RequestInit | undefined) => Response | Promise<Response>;

/** A fetch that plays `steps` in order, and when each request was sent (on `clock`). */
export function scriptedFetch(steps: readonly Step[], clock: Pick<Clock, 'now'>): { fetch: FetchLike; sent: number[] } {
  const sent: number[] = [];
  const fetch: FetchLike = async (_input, init) => {
    sent.push(clock.now());
    return steps[Math.min(sent.length, steps.length) - 1]!(init);
  };
  return { fetch, sent };
}

export const ok: Step = () => Response.json({ ok: true });

/** Answers only when its signal aborts, as a hung upstream does. */
export const hang: Step = (init) =>
  new Promise((_, reject) =>
    init!.signal!.addEventListener('abort', () => reject(init!.signal!.reason), { once: true }),
  );

/** A connection that fails as Node's fetch reports it, with the system's `code`. */
export const refused =
  (code = 'ECONNREFUSED'): Step =>
  () =>
    Promise.reject(
      new TypeError('fetch failed', { cause: Object.assign(new Error(`connect ${code} 127.0.0.1:9`), { code }) }),
    );
