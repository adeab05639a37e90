/**
 * @module
 * `/healthz`'s upstream probes, shared by every caller (D55). Each upstream is probed at most
 * once per interval: the first caller starts the probe, every caller meanwhile joins it while it
 * runs and reads its result after, so a flood of health checks costs each upstream (and its
 * budget) one call per interval, and never takes the turns of the clients it serves. A real call
 * that succeeded within the interval stands in for a probe: it proved the upstream answers.
 *
 * A probe the budget gave no turn to heard nothing from the upstream, so it does not read as the
 * upstream down: it reads as the last thing known of it (a real success since, else the last
 * probe's result), and, when nothing is known yet, as answering, with no status seen (0).
 */
import { isBudgetRefusal, unboundScope, type Clock } from '../drivers/kit/index.ts';
import type { Probed, ProbeResult } from '../drivers/contracts/driver.ts';

/** A check's cut-off (D13): a probe that has not answered by then is unreachable, status 0. */
export const CHECK_TIMEOUT_MS = 2500;
/**
 * By when a probe must have had its budget turn: past it the budget refuses it, well before the
 * check's cut-off, so a busy budget reads as a refusal and never as a timeout.
 */
export const PROBE_TURN_MS = 1000;

export interface ProbeOutcome extends ProbeResult {
  latencyMs: number;
}

/** What one probe came to: its outcome, and whether the budget refused it its turn. */
interface ProbeRun extends ProbeOutcome {
  refused: boolean;
}

/** The reading of a probe that was not made: a recent real call answered (or, D55, nothing is known). */
const ANSWERED: ProbeOutcome = { ok: true, status: 200, latencyMs: 0 };
const NOTHING_SEEN: ProbeOutcome = { ok: true, status: 0, latencyMs: 0 };

/**
 * Runs `probe` cut off at `timeoutMs` on `clock`, whether or not it honours its abort signal, so
 * a hung upstream never holds a check longer. Any failure is `{ ok: false, status: 0 }`, except a
 * budget's refusal, which is said as such.
 */
export async function runProbe(
  probe: (signal: AbortSignal) => Promise<ProbeResult>,
  clock: Clock,
  timeoutMs: number,
): Promise<ProbeRun> {
  const started = clock.now();
  const controller = new AbortController();
  let cancel = () => {};
  const timeout = new Promise<ProbeRun>((resolve) => {
    cancel = clock.timer(timeoutMs, () => {
      controller.abort(new Error('probe timed out'));
      resolve({ ok: false, status: 0, latencyMs: timeoutMs, refused: false });
    });
  });
  const answered = probe(controller.signal).then(
    (result): ProbeRun => ({ ok: result.ok, status: result.status, latencyMs: 0, refused: false }),
    (error: unknown): ProbeRun => ({ ok: false, status: 0, latencyMs: 0, refused: isBudgetRefusal(error) }),
  );
  const outcome = await Promise.race([answered, timeout]);
  cancel();
  return { ...outcome, latencyMs: Math.max(0, Math.round(clock.now() - started)) };
}

export interface SharedProbes {
  /** `driver`'s probe under `key` (a check's name), run at most once per interval. */
  check(key: string, driver: Probed): Promise<ProbeOutcome>;
}

export interface SharedProbesOptions {
  clock: Clock;
  /** How long a probe's result is shared; 0: every caller not joining one in flight starts one. */
  intervalMs: number;
  timeoutMs?: number;
}

interface Entry {
  /** When the last probe started (the clock's ms): the interval counts from it. */
  startedAt: number;
  /** The last probe's reading, and when that probe started. */
  last: ProbeOutcome | undefined;
  lastAt: number;
  flight: Promise<ProbeOutcome> | undefined;
}

export function sharedProbes(options: SharedProbesOptions): SharedProbes {
  const { clock, intervalMs } = options;
  const timeoutMs = options.timeoutMs ?? CHECK_TIMEOUT_MS;
  const entries = new Map<string, Entry>();
  /** Whether a real call to `driver`'s upstream succeeded after `since` (the clock's ms). */
  const answeredAfter = (driver: Probed, since: number) => (driver.answeredAt?.() ?? 0) > since;

  /** D55: no turn, no word from the upstream; the last thing known of it stands. */
  const whenRefused = (entry: Entry, driver: Probed): ProbeOutcome => {
    if (answeredAfter(driver, entry.last ? entry.lastAt : 0)) return ANSWERED;
    return entry.last ?? NOTHING_SEEN;
  };

  const start = (entry: Entry, driver: Probed, now: number): Promise<ProbeOutcome> => {
    entry.startedAt = now;
    // A probe is no client's call: its scope is its own abort, and a bound for its turn.
    const probe = (signal: AbortSignal) => driver.probe({ scope: unboundScope(signal, clock.now() + PROBE_TURN_MS) });
    const flight = runProbe(probe, clock, timeoutMs).then(({ refused, ...outcome }) => {
      const read = refused ? { ...whenRefused(entry, driver), latencyMs: outcome.latencyMs } : outcome;
      entry.last = read;
      entry.lastAt = now;
      entry.flight = undefined;
      return read;
    });
    entry.flight = flight;
    return flight;
  };

  return {
    check(key, driver) {
      const now = clock.now();
      let entry = entries.get(key);
      if (!entry) entries.set(key, (entry = { startedAt: -Infinity, last: undefined, lastAt: 0, flight: undefined }));
      if (entry.flight) return entry.flight;
      if (entry.last && now - entry.startedAt < intervalMs) return Promise.resolve(entry.last);
      if (answeredAfter(driver, now - intervalMs)) return Promise.resolve(ANSWERED);
      return start(entry, driver, now);
    },
  };
}
