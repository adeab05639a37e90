/**
 * @module
 * One log line per failed upstream call, bounded (D65): an operator reads which upstream failed,
 * how (a fixed word: `timeout`, `unreachable`, `HTTP 5xx`, ...) and the setting that points
 * Sleeve at it, never the address asked nor anything the upstream said, which may quote a
 * caller's search. A flood of failures is a line per upstream and cause per `FAILURE_LINE_MS` on
 * the kit's clock: the others are counted, and the next line says how many there were. So the
 * log holds at most a line a minute for each of a fixed set of pairs, whatever the traffic.
 */
import type { Logger } from '../../logger.ts';
import type { SleeveError } from '../../errors.ts';
import { networkFailure } from '../../utils/network-failure.ts';

/** At most one line per upstream and cause in this long. */
export const FAILURE_LINE_MS = 60_000;

/** Says one failed call (an `upstream_error` or `upstream_timeout` its circuit counted). */
export type FailureLog = (upstream: string, setting: string | undefined, error: SleeveError) => void;

/**
 * How a call failed, in a fixed vocabulary read from the kit's own words for it (`call/send.ts`,
 * `call/upstream.ts`): the status class of an answer it could not use, a timeout, no connection
 * (and why, in `networkFailure`'s words), or an answer it could not read.
 */
function failureCause(error: SleeveError): string {
  if (error.code === 'upstream_timeout') return 'timeout';
  // A 2xx the kit could not use (not JSON) is a bad answer, below; a 3xx is a redirect elsewhere.
  const status = /\banswered HTTP ([345])\d\d\b/.exec(error.message)?.[1];
  if (status !== undefined) return `HTTP ${status}xx`;
  if (/\bunreachable\b/.test(error.message)) {
    const { kind, words } = networkFailure(error.cause);
    // Known kinds only: the others' words are the runtime's, which may name the address.
    return kind === 'other' ? 'unreachable' : `unreachable (${words.replace(/ \(.*\)$/, '')})`;
  }
  return 'bad answer';
}

export function failureLog(log: Logger, now: () => number, lineMs = FAILURE_LINE_MS): FailureLog {
  /** By upstream and cause: until when lines are held back, and how many were since the last. */
  const held = new Map<string, { until: number; unsaid: number }>();
  return (upstream, setting, error) => {
    const cause = failureCause(error);
    const key = `${upstream} ${cause}`;
    const at = now();
    const last = held.get(key);
    if (last !== undefined && at < last.until) {
      last.unsaid++;
      return;
    }
    const suppressed = last?.unsaid ?? 0;
    held.set(key, { until: at + lineMs, unsaid: 0 });
    const check = setting === undefined ? '' : `; check ${setting}`;
    const more = suppressed === 0 ? '' : `${suppressed} more like it since the last line; `;
    log.error(
      `[${upstream}] a call failed: ${cause}${check} (${more}like failures are counted, not logged, for ${lineMs / 1000} s)`,
      {
        upstream,
        cause,
        ...(setting === undefined ? {} : { setting }),
        ...(suppressed === 0 ? {} : { suppressed }),
      },
    );
  };
}
