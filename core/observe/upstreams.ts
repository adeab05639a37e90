/**
 * @module
 * What `/metrics` and `/status` know of each upstream beyond its HTTP calls: its circuit's state,
 * how its calls ended (answered, failed, refused at once by an open circuit), when it last
 * failed and how, and the allowance its budget was made with. Read by wrapping the driver
 * context's `circuit()` and `budget()` as they are handed out (`watchContext`), so the kit itself
 * is untouched and nothing is counted on a cache hit: only calls that reach an upstream pass here.
 *
 * Memory is fixed per upstream: names are the drivers' own (`deezer`, `reccobeats`, …), and a
 * failure is kept as its time and a word from a fixed list, never its message, which may quote
 * an upstream's answer or the URL asked (a caller's search text).
 */
import { SleeveError } from '../errors.ts';
import type { Budget, BudgetSpec, Circuit, DriverContext } from '../drivers/kit/index.ts';

/** How the last failure ended, in a fixed vocabulary: no text of the upstream's or the caller's. */
type FailureKind = 'timeout' | 'unreachable' | 'http 5xx' | 'http 4xx' | 'bad answer' | 'failed';

export interface UpstreamFigures {
  readonly name: string;
  /** Calls that went out and ended without an upstream failure (not-found and quota answers are the upstream working). */
  answered: number;
  /** Calls that ended `upstream_error` or `upstream_timeout` (counted once, retries included). */
  failed: number;
  /** Calls an open circuit refused at once, never sent. */
  refused: number;
  /** When the last failure ended (Unix ms), and how; 0 and undefined before any. */
  lastFailureAt: number;
  lastFailure: FailureKind | undefined;
  /** `closed`, `open` or `half-open`, read from the circuit when asked; `closed` without one. */
  readonly circuit: 'closed' | 'open' | 'half-open';
  /** The published allowance of its budget, calls per second (Deezer: 50 per 5 s, 10); undefined without a budget. */
  allowancePerSecond: number | undefined;
}

export interface UpstreamWatch {
  /** Every upstream seen so far, by its driver's name. */
  readonly upstreams: ReadonlyMap<string, UpstreamFigures>;
  /** The context handed to the drivers, with its circuits and budgets watched. */
  watchContext(context: DriverContext): DriverContext;
}

/** Same codes as the circuit counts as the upstream failing (`kit/circuit.ts`). */
const FAILURES = new Set(['upstream_error', 'upstream_timeout']);

/** A word for how a call failed, read from its code and message; the message itself is never kept. */
function failureKind(error: SleeveError): FailureKind {
  if (error.code === 'upstream_timeout') return 'timeout';
  const said = error.message;
  if (/\b5\d\d\b/.test(said)) return 'http 5xx';
  if (/\b4\d\d\b/.test(said)) return 'http 4xx';
  if (/refused|unreachable|reset|resolve|connect|network|socket/i.test(said)) return 'unreachable';
  if (/json|shape|parse|garbage|unexpected|expected/i.test(said)) return 'bad answer';
  return 'failed';
}

export function upstreamWatch(now: () => number): UpstreamWatch {
  const upstreams = new Map<string, UpstreamFigures & { circuitOf?: Circuit }>();
  const figuresOf = (name: string) => {
    let figures = upstreams.get(name);
    if (!figures) {
      const made: UpstreamFigures & { circuitOf?: Circuit } = {
        name,
        answered: 0,
        failed: 0,
        refused: 0,
        lastFailureAt: 0,
        lastFailure: undefined,
        allowancePerSecond: undefined,
        get circuit() {
          return made.circuitOf?.state ?? 'closed';
        },
      };
      upstreams.set(name, (figures = made));
    }
    return figures;
  };
  const watchCircuit = (name: string, circuit: Circuit): Circuit => {
    const figures = figuresOf(name);
    figures.circuitOf = circuit;
    return {
      get state() {
        return circuit.state;
      },
      get answeredAt() {
        return circuit.answeredAt;
      },
      async run(call) {
        let sent = false;
        try {
          const result = await circuit.run(() => {
            sent = true;
            return call();
          });
          figures.answered++;
          return result;
        } catch (error) {
          if (!sent) figures.refused++;
          else if (error instanceof SleeveError && FAILURES.has(error.code)) {
            figures.failed++;
            figures.lastFailureAt = now();
            figures.lastFailure = failureKind(error);
          } else figures.answered++;
          throw error;
        }
      },
    };
  };
  const watchBudget = (spec: BudgetSpec, budget: Budget): Budget => {
    figuresOf(spec.name).allowancePerSecond = (spec.limit * 1000) / spec.windowMs;
    return budget;
  };
  return {
    upstreams,
    watchContext(context) {
      const circuits = new Map<string, Circuit>();
      const circuit = (name: string): Circuit => {
        let watched = circuits.get(name);
        if (!watched) circuits.set(name, (watched = watchCircuit(name, context.circuit(name))));
        return watched;
      };
      const budget = (spec: BudgetSpec) => watchBudget(spec, context.budget(spec));
      return {
        ...context,
        circuit,
        budget,
        // A driver declares its upstream once (`upstream`), which composes the circuit and the
        // budget inside the kit: the record it makes gets the watched ones in their place.
        upstream(spec) {
          const made = context.upstream(spec);
          const given = spec.budget;
          return {
            ...made,
            circuit: circuit(spec.circuit ?? spec.name),
            ...(given === undefined || 'take' in given ? {} : { budget: budget(given) }),
          };
        },
      };
    },
  };
}
