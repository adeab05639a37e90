/**
 * @module
 * What the observer keeps on each request: its id and, while the request log is on, the
 * tally of the upstream calls made for it (its scope's, `layers/scope.ts`). A `/batch`
 * sub-request shares its batch's trace, so its errors quote the id the caller got and its
 * upstream calls count on the batch's line.
 */
import type { Context } from 'hono';
import type { UpstreamTally } from '../drivers/kit/index.ts';

export interface RequestTrace {
  readonly id: string;
  /** Absent when nothing reads it (request log off): then no call is counted per request. */
  readonly tally: UpstreamTally | undefined;
}

export function setTrace(c: Context, trace: RequestTrace): void {
  c.set('sleeve.trace', trace);
}

export function traceOf(c: Context): RequestTrace | undefined {
  return c.get('sleeve.trace') as RequestTrace | undefined;
}

/** The request's `X-Request-Id`; undefined only in an app built without the observe layer. */
export function requestIdOf(c: Context): string | undefined {
  return traceOf(c)?.id;
}
