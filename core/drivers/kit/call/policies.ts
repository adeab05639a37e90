/**
 * @module
 * The order of a call's policies, written once: each wraps all below it, and the last wraps the
 * request itself (`send.ts`). Read top-down, a call is
 *
 * 1. counted once by its upstream's circuit, or refused while it is open (`circuit-breaker.ts`);
 * 2. tried again while a failure may pass, and asked again after an answer asking to hold off
 *    (`retry.ts`);
 * 3. each try with a budget turn of its own (`budget-turn.ts`);
 * 4. and its times, from the call's time that starts at the first turn (`try-time.ts`);
 * 5. each try within its whole time, redirects and body included (`whole-try.ts`);
 * 6. its same-base redirects followed, each a request of its own (`redirects.ts`);
 * 7. a 5xx or a passed-on 429 taken as the upstream failing (`status.ts`);
 * 8. each request sent reported and counted once (`report-sent.ts`);
 * 9. each request's status line within its first-byte time (`first-byte.ts`);
 *
 * and the request sent, its body read within its size cap (`send.ts`, `capped-reply.ts`).
 */
import { budgetTurn } from '../policies/budget-turn.ts';
import { circuitBreaker } from '../policies/circuit-breaker.ts';
import { firstByte } from '../policies/first-byte.ts';
import type { Call, CallPolicy } from './policy.ts';
import { redirects } from '../policies/redirects.ts';
import { reportSent } from '../policies/report-sent.ts';
import { retry } from '../policies/retry.ts';
import { send } from './send.ts';
import { failingStatuses } from '../policies/status.ts';
import { tryTime } from '../policies/try-time.ts';
import { wholeTry } from '../policies/whole-try.ts';

/** The policies from the outside in. */
export const CALL_POLICIES: readonly CallPolicy[] = [
  circuitBreaker,
  retry,
  budgetTurn,
  tryTime,
  wholeTry,
  redirects,
  failingStatuses,
  reportSent,
  firstByte,
];

/** `policies` wrapped around `last`, the first outermost. */
export function composed(policies: readonly CallPolicy[], last: Call): Call {
  return policies.reduceRight<Call>((inner, policy) => policy(inner), last);
}

/** A call through every policy, in their order. */
export const upstreamCall: Call = composed(CALL_POLICIES, send);
