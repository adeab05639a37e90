/**
 * @module
 * What the outermost layer keeps on each request: its id (D20) and, while the request log is
 * on, the tally of the upstream calls made for it. A `/batch` sub-request shares its batch's
 * trace, so its errors quote the id the caller got and its upstream calls count on the
 * batch's line.
 */
import type { Context } from 'hono';
import { clientOn, tallyOn, type UpstreamTally } from '../drivers/kit/index.ts';

export interface RequestTrace {
  readonly id: string;
  /** Absent when nothing reads it (request log off): then no call is counted per request. */
  readonly tally: UpstreamTally | undefined;
}

const TRACE = 'sleeve.trace';

export function setTrace(c: Context, trace: RequestTrace): void {
  c.set(TRACE, trace);
}

export function traceOf(c: Context): RequestTrace | undefined {
  return c.get(TRACE) as RequestTrace | undefined;
}

/** The request's `X-Request-Id`; undefined only in an app built without the observe layer. */
export function requestIdOf(c: Context): string | undefined {
  return traceOf(c)?.id;
}

/**
 * Called as the route itself starts: from here on the upstream calls made with the request's
 * signal count on its tally (`kit/tally.ts`), and wait for an upstream's budget as `client`'s
 * (D8's address, which a `/batch` sub-request shares with its caller): the budget serves its
 * waiters client by client (`kit/fair-queue.ts`). Not earlier, because on Node reading a
 * request's signal first makes its AbortController, a cost a cache hit need not pay; and only
 * where someone reads it (`client` is undefined outside live mode, where no budget is).
 */
export function tallyUpstream(c: Context, now: () => number, client?: string): void {
  const tally = traceOf(c)?.tally;
  if (tally) tallyOn(c.req.raw.signal, tally, now());
  if (client !== undefined) clientOn(c.req.raw.signal, client, now());
}
