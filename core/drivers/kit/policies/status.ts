/**
 * @module
 * The statuses a call takes as the upstream failing before `read` sees them: a 5xx (worth
 * another try), and a 429 where the caller passes the upstream's rate limit on
 * (`passOnRateLimit`). Other statuses are the driver's to read. A raw call (a health probe) is
 * given every status.
 */
import { SleeveError } from '../../../errors.ts';
import { retryable } from '../refusals.ts';
import type { CallPolicy } from '../call/policy.ts';
import { failure, type Upstream } from '../call/upstream.ts';

/** An upstream's 429 passed on to the client (`report-sent.ts` counts it as the 4xx it was). */
export class PassedOnRateLimit extends SleeveError {}

/**
 * A 429 passed on: `503 service_unavailable` with the upstream's `Retry-After` in whole seconds
 * (5 when it names none or a date; an hour at most, whatever it asks).
 */
function rateLimited(upstream: Upstream, headers: Headers): PassedOnRateLimit {
  const seconds = Number(headers.get('retry-after') ?? '');
  const whose = upstream.speaker === undefined ? 'the upstream' : `${upstream.speaker}'s`;
  return new PassedOnRateLimit(
    'service_unavailable',
    `[sleeve] [${upstream.name}] ${whose} rate limit is exhausted; try again shortly`,
    {
      headers: { 'Retry-After': String(Number.isInteger(seconds) && seconds > 0 ? Math.min(seconds, 3600) : 5) },
    },
  );
}

export const failingStatuses: CallPolicy = (next) => (request) => {
  const { upstream, options } = request;
  if (options.raw === true) return next(request);
  return next({
    ...request,
    read: (reply) => {
      if (reply.status >= 500) throw retryable(failure(upstream, `answered HTTP ${reply.status}`));
      if (reply.status === 429 && options.passOnRateLimit === true) throw rateLimited(upstream, reply.headers);
      return request.read(reply);
    },
  });
};
