/**
 * @module
 * What the contract suites share: options (how to make the source, which cases it skips and
 * why), a case runner that honours those skips visibly, and small helpers.
 */
import { it } from 'vitest';

interface Skip {
  /** Why the driver cannot pass these cases: shown in the test report. */
  reason: string;
  /** Case names, exactly as the suite spells them. */
  tests: string[];
}

export interface ContractOptions<S> {
  /** Shown in the suite's title: `catalog`, `deezer replay`. */
  name: string;
  make: () => S | Promise<S>;
  skip?: Skip[];
}

/** `test(name, body)`: runs the body on a fresh source, or skips it with the declared reason. */
export function caseRunner<S>(options: ContractOptions<S>): (name: string, body: (source: S) => Promise<void>) => void {
  const reasons = new Map((options.skip ?? []).flatMap((s) => s.tests.map((t) => [t, s.reason] as const)));
  return (name, body) => {
    const reason = reasons.get(name);
    if (reason !== undefined) it.skip(`${name} (skipped: ${reason})`, () => {});
    else it(name, async () => body(await options.make()));
  };
}

export function abortedSignal(): AbortSignal {
  const controller = new AbortController();
  controller.abort(new Error('aborted by the contract suite'));
  return controller.signal;
}

/** Case, accents and punctuation folded, as D15 compares names: Sleeve's own fold. */
export { fold } from '../../../core/text/fold.ts';
