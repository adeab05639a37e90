/**
 * @module
 * What `/metrics` and `/status` know of each upstream: every request sent to it and how it
 * ended, every call refused before it was sent (by its budget, by its circuit), when it last
 * failed and how, its circuit's state, and the allowance its budget was made with. The kit
 * reports each request and refusal where it happens (`kit/call/report.ts`); this watch hands
 * each upstream the report that counts them, as the driver context makes the upstream
 * (`watchContext`), so a configured upstream is counted (at zero) from start-up and nothing is
 * counted on a cache hit.
 *
 * Memory is fixed per upstream: names are the drivers' own (`deezer`, `reccobeats`, …), and a
 * failure is kept as its time and a word from a fixed list, never its message, which may quote
 * an upstream's answer or the URL asked (a caller's search text).
 */
import {
  CALL_RESULTS,
  type Budget,
  type BudgetSpec,
  type CallReport,
  type CallResult,
  type Circuit,
  type DriverContext,
} from '../drivers/kit/index.ts';

/** How the last failure ended, in words for the page: no text of the upstream's or the caller's. */
type FailureKind = 'timeout' | 'unreachable' | 'http 5xx' | 'http 4xx' | 'bad answer';

const FAILURE_WORDS: Partial<Record<CallResult, FailureKind>> = {
  timeout: 'timeout',
  unreachable: 'unreachable',
  http_5xx: 'http 5xx',
  http_4xx: 'http 4xx',
  bad_answer: 'bad answer',
};

export interface UpstreamFigures {
  readonly name: string;
  /** Requests sent to it (each try of a call, each same-base redirect), by how they ended. */
  readonly results: Record<CallResult, number>;
  /** Calls never sent: no budget turn in time, or an open circuit. */
  readonly refused: { budget: number; circuit: number };
  /** When the last failed request ended (Unix ms), and how; 0 and undefined before any. */
  lastFailureAt: number;
  lastFailure: FailureKind | undefined;
  /** `closed`, `open` or `half-open`, read from the circuit when asked; `closed` without one. */
  readonly circuit: 'closed' | 'open' | 'half-open';
  /** The published allowance of its budget, calls per second (Deezer: 50 per 5 s, 10); undefined without a budget. */
  allowancePerSecond: number | undefined;
}

/** Requests sent, whatever their result. */
export function sentOf(figures: UpstreamFigures): number {
  let sent = 0;
  for (const result of CALL_RESULTS) sent += figures.results[result];
  return sent;
}

/** Requests that failed: sent, neither answered (`ok`) nor given up by their caller (`cancelled`). */
export function failedOf(figures: UpstreamFigures): number {
  return sentOf(figures) - figures.results.ok - figures.results.cancelled;
}

export interface UpstreamWatch {
  /** Every upstream seen so far, by its driver's name. */
  readonly upstreams: ReadonlyMap<string, UpstreamFigures>;
  /** The context handed to the drivers, with its circuits and budgets watched. */
  watchContext(context: DriverContext): DriverContext;
}

export function upstreamWatch(now: () => number): UpstreamWatch {
  const upstreams = new Map<string, UpstreamFigures & { circuitOf?: Circuit; report: CallReport }>();
  const figuresOf = (name: string) => {
    let figures = upstreams.get(name);
    if (!figures) {
      const results = Object.fromEntries(CALL_RESULTS.map((result) => [result, 0])) as Record<CallResult, number>;
      const refused = { budget: 0, circuit: 0 };
      const made: UpstreamFigures & { circuitOf?: Circuit; report: CallReport } = {
        name,
        results,
        refused,
        lastFailureAt: 0,
        lastFailure: undefined,
        allowancePerSecond: undefined,
        get circuit() {
          return made.circuitOf?.state ?? 'closed';
        },
        report: {
          sent(result) {
            results[result]++;
            const word = FAILURE_WORDS[result];
            if (word === undefined) return;
            made.lastFailureAt = now();
            made.lastFailure = word;
          },
          refused(by) {
            refused[by]++;
          },
        },
      };
      upstreams.set(name, (figures = made));
    }
    return figures;
  };
  const watchBudget = (spec: BudgetSpec, budget: Budget): Budget => {
    figuresOf(spec.name).allowancePerSecond = (spec.limit * 1000) / spec.windowMs;
    return budget;
  };
  return {
    upstreams,
    watchContext(context) {
      const circuit = (name: string): Circuit => {
        const made = context.circuit(name);
        figuresOf(name).circuitOf = made;
        return made;
      };
      const budget = (spec: BudgetSpec) => watchBudget(spec, context.budget(spec));
      return {
        ...context,
        circuit,
        budget,
        // A driver declares its upstream once (`upstream`), which composes the circuit and the
        // budget inside the kit: the record it makes is counted under its circuit's name (one
        // upstream, two hosts: `deezer`, `deezer-images`), the name its refusals and failures share.
        upstream(spec) {
          const made = context.upstream(spec);
          const name = spec.circuit ?? spec.name;
          const given = spec.budget;
          return {
            ...made,
            circuit: circuit(name),
            report: figuresOf(name).report,
            ...(given === undefined || 'take' in given ? {} : { budget: budget(given) }),
          };
        },
      };
    },
  };
}
