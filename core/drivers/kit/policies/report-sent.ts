/**
 * @module
 * The report of each request sent (`report.ts`): once, with how it ended (its status, if it was
 * answered, and what `read` made of it), and counted on its request's tally (`tally.ts`), which
 * the request's scope hands the call. Next to the request itself, under the redirects, so each
 * redirect followed is a request of its own.
 */
import { HoldOff } from '../call/hold-off.ts';
import { callerGone, type CallPolicy } from '../call/policy.ts';
import { resultOf, unansweredResultOf } from '../call/report.ts';
import { PassedOnRateLimit } from './status.ts';

/**
 * Each request sent, reported once with how it ended (its status, if it was answered, and what
 * `read` made of it) and counted on its request's tally.
 */
export const reportSent: CallPolicy = (next) => async (request) => {
  const { upstream, options } = request;
  options.scope?.tally?.sent();
  let status: number | undefined;
  try {
    const result = await next({
      ...request,
      read: (reply) => {
        status = reply.status;
        return request.read(reply);
      },
    });
    upstream.report?.sent(resultOf(status ?? 0, undefined, false));
    return result;
  } catch (error) {
    const gone = callerGone(options);
    upstream.report?.sent(
      status === undefined
        ? unansweredResultOf(error, gone)
        : // A 429 passed on was the upstream's answer, a 4xx, whether the caller waits or not;
          // an answer saying "hold off" (Deezer's quota) was read whole: the upstream answered.
          error instanceof PassedOnRateLimit
          ? 'http_4xx'
          : error instanceof HoldOff
            ? 'ok'
            : resultOf(status, error, gone),
    );
    throw error;
  }
};
