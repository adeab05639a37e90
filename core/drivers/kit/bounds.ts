/**
 * @module
 * How long live mode lets a request wait on its upstreams (D13), in one place: the budget's
 * wait for a turn, one call's time, and the request's whole upstream work, which is what one
 * call could take before retries, so an answer of several calls one after another
 * is bounded by what one was.
 */

/**
 * How long any upstream call may go unanswered before it is a 504, its retries included: short
 * enough that a caller of a failing upstream hears within 3 s, and the 2.5 s a health check
 * is given. Healthy upstreams answer in well under a second.
 */
export const UPSTREAM_TIMEOUT_MS = 2500;
/** A call waits at most this long for its turn under an upstream's budget, then 503. */
export const MAX_BUDGET_WAIT_MS = 3000;
/** Room left in the 3 s after a request's last turn, for its last call and the answer. */
const ANSWER_ROOM_MS = 250;
/**
 * A request's calls have their budget turns within this of its route's start, so a first
 * answer, a 503 included, comes within the 3 s; a request joining another's miss
 * waits as long. Past it the answer is completed in the background (`http/cache/deferred.ts`).
 */
export const REQUEST_TURNS_MS = MAX_BUDGET_WAIT_MS - ANSWER_ROOM_MS;
/** A request's upstream work in all, from its route's start: past it no call or retry starts. */
export const REQUEST_BOUND_MS = MAX_BUDGET_WAIT_MS + UPSTREAM_TIMEOUT_MS;
