/**
 * @module
 * One GET of an upstream's JSON, with every way it can fail turned into the error a caller
 * should see (D3): no answer in time is `504 upstream_timeout`; unreachable, a 5xx or a body
 * that is not JSON is `502 upstream_error`. Other statuses are the driver's to read (Deezer
 * says "not found" in an HTTP-200 body, others with a 404). A caller that aborts gets its own
 * abort reason back, never an upstream error.
 */
import type { DriverFetch } from './context.ts';
import { upstreamError } from '../../errors.ts';
import { withTimeout } from './tally.ts';

/**
 * How long any upstream call may go unanswered before it is a 504: short enough that a caller
 * of a failing upstream hears within 3 s (issue 10's fault contract), and D13's 2.5 s per
 * health check. Healthy upstreams answer in well under a second.
 */
export const UPSTREAM_TIMEOUT_MS = 2500;

export interface GetJsonOptions {
  /** Names the driver in errors: `[sleeve] [deezer] ...`. */
  driver: string;
  timeoutMs: number;
  signal?: AbortSignal;
  query?: Record<string, string | number | undefined>;
}

export interface JsonAnswer {
  status: number;
  body: unknown;
}

export async function getJson(fetch: DriverFetch, url: string, options: GetJsonOptions): Promise<JsonAnswer> {
  const { driver, timeoutMs, signal } = options;
  const timeout = AbortSignal.timeout(timeoutMs);
  let status: number;
  let text: string;
  try {
    ({ status, text } = await fetch.getText(url, { query: options.query, signal: withTimeout(signal, timeout) }));
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    if (timeout.aborted) throw upstreamError(driver, `no answer within ${timeoutMs} ms`, 'upstream_timeout', error);
    throw upstreamError(driver, 'unreachable', 'upstream_error', error);
  }
  if (status >= 500) throw upstreamError(driver, `answered HTTP ${status}`);
  try {
    return { status, body: JSON.parse(text) as unknown };
  } catch (error) {
    throw upstreamError(driver, `answered HTTP ${status} with a body that is not JSON`, 'upstream_error', error);
  }
}
