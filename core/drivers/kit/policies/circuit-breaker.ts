/**
 * @module
 * The upstream's circuit (`circuit.ts`) around the whole call: a call is counted once, its
 * retries included, so a call a retry saved is a call that worked. An open circuit refuses the
 * call before anything is asked of the budget or sent, reported apart (`report.ts`). An answer
 * asking to hold off (`hold-off.ts`) is the upstream answering: the circuit counts it as
 * working, and the caller hears its error. A raw call (a health probe) is not counted, nor is a
 * call the upstream never heard: its first turn refused by the budget or past its request's
 * time, or its caller gone.
 */
import { CircuitOpen, isBudgetRefusal, NotAsked } from '../refusals.ts';
import { HoldOff } from '../call/hold-off.ts';
import { endedByCaller, type CallPolicy, type UpstreamRequest } from '../call/policy.ts';

/**
 * Whether `error` ended a call the upstream never heard: the budget's refusal (a later try's is
 * the failure before it, `retry.ts`), its request's time spent before its first turn, or the
 * caller's own abort reason.
 */
const unheardBy =
  (request: UpstreamRequest<unknown>) =>
  (error: unknown): boolean =>
    isBudgetRefusal(error) || error instanceof NotAsked || endedByCaller(request.options, error);

export const circuitBreaker: CallPolicy =
  (next) =>
  async <T>(request: UpstreamRequest<T>): Promise<T> => {
    const { circuit, report } = request.upstream;
    if (!circuit || request.options.raw === true) return next(request);
    let letThrough = false;
    try {
      const answer = await circuit.run(async (): Promise<{ result: T } | { heldOff: HoldOff }> => {
        letThrough = true;
        try {
          return { result: await next(request) };
        } catch (error) {
          if (error instanceof HoldOff) return { heldOff: error };
          throw error;
        }
      }, unheardBy(request));
      if ('heldOff' in answer) throw answer.heldOff;
      return answer.result;
    } catch (error) {
      // Refused before the call started: the circuit is open, nothing was asked of the budget or sent.
      if (!letThrough && error instanceof CircuitOpen) report?.refused('circuit');
      throw error;
    }
  };
