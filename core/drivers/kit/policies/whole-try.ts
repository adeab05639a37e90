/**
 * @module
 * The whole try's timeout: its requests, redirects included, and the body `read` reads, within
 * `totalMs` (`retry.ts` sets it per try; a raw call's is the upstream's timeout). A try is not
 * started for a caller gone.
 */
import { retryable } from '../refusals.ts';
import { joined, type CallPolicy } from '../call/policy.ts';
import { failure } from '../call/upstream.ts';

export const wholeTry: CallPolicy = (next) => async (request) => {
  const { upstream, options } = request;
  if (options.shared !== true) options.scope?.signal.throwIfAborted();
  const { totalMs } = request.times;
  const whole = new AbortController();
  const stop = upstream.clock.timer(totalMs, () => whole.abort(new DOMException('no whole answer', 'TimeoutError')));
  try {
    return await next({
      ...request,
      signal: joined(request.signal, whole.signal),
      explain: (error, what) =>
        whole.signal.aborted
          ? retryable(failure(upstream, `sent no ${what} within ${totalMs} ms`, 'upstream_timeout', error))
          : request.explain(error, what),
    });
  } finally {
    stop();
  }
};
