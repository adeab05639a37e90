/**
 * @module
 * What the kit tells whoever counts an upstream's calls (`/metrics`, `/status`): each request it
 * sends, once, with how it ended, and each call it did not send, with what refused it. Counted
 * where the request goes out (`report-sent.ts`, a policy next to the request itself) and where a
 * turn or the circuit says no (`budget-turn.ts`, `circuit-breaker.ts`), so a refusal can never be
 * taken for an answer, and every try of a retried call and every same-base redirect is a request
 * the upstream received, counted as one. The request's own count (its log line) is the tally its
 * scope hands the call (`tally.ts`), told by the same policy.
 */
import { SleeveError } from '../../../errors.ts';

/**
 * How one request sent ended, in a fixed vocabulary (the `result` label of `/metrics`):
 * - `ok`: answered, and the answer taken (a "not found", Deezer's "no data" or quota body included);
 * - `http_4xx`, `http_5xx`: answered with a status of that class taken as the upstream failing
 *   (a 5xx always; a 4xx the driver does not read as an answer, or a 429 passed on);
 * - `timeout`: no answer, or no whole body, in time;
 * - `unreachable`: no connection, or it was refused or reset before an answer;
 * - `bad_answer`: answered, but unusable: a body cut off, over its size limit, not JSON, of a
 *   shape not documented, an error body, or a redirect elsewhere;
 * - `cancelled`: the caller went away first (its client hung up): neither the upstream's success nor its failure.
 */
export type CallResult = 'ok' | 'http_4xx' | 'http_5xx' | 'timeout' | 'unreachable' | 'bad_answer' | 'cancelled';

/** Every result, in the order `/metrics` lists them. */
export const CALL_RESULTS: readonly CallResult[] = [
  'ok',
  'http_4xx',
  'http_5xx',
  'timeout',
  'unreachable',
  'bad_answer',
  'cancelled',
];

/** What kept a call from being sent: no budget turn in time (a 503), or an open circuit. */
type CallRefusal = 'budget' | 'circuit';

/** Told of each request an upstream's calls send, and of each call not sent. */
export interface CallReport {
  sent(result: CallResult): void;
  refused(by: CallRefusal): void;
}

/** Codes that say the upstream failed (as the circuit counts them, `circuit.ts`). */
const FAILURES = new Set(['upstream_error', 'upstream_timeout']);

/**
 * How a request ended that was answered with `status` and then failed with `error` (or did not,
 * `error` undefined); `callerGone`, the caller's signal had aborted. An error that is no upstream
 * failure (a "not found" thrown by the driver) is the upstream answering.
 */
export function resultOf(status: number, error: unknown, callerGone: boolean): CallResult {
  if (status >= 500) return 'http_5xx';
  if (error === undefined) return 'ok';
  if (callerGone) return 'cancelled';
  if (!(error instanceof SleeveError) || !FAILURES.has(error.code)) return 'ok';
  if (error.code === 'upstream_timeout') return 'timeout';
  return status >= 400 ? 'http_4xx' : 'bad_answer';
}

/** How a request ended that had no answer: `error` is what the try throws for it. */
export function unansweredResultOf(error: unknown, callerGone: boolean): CallResult {
  if (callerGone) return 'cancelled';
  return error instanceof SleeveError && error.code === 'upstream_timeout' ? 'timeout' : 'unreachable';
}
