/**
 * @module
 * The first-byte timeout, apart from the whole try's (`whole-try.ts`): each request of a try,
 * a redirect's included, has `firstByteMs` for its status line. A try that is not the last gives
 * up early on an upstream that says nothing (`retry.ts`), leaving time for another; once the
 * status line is in, the whole try's time alone bounds the body.
 */
import { retryable } from '../refusals.ts';
import { joined, type CallPolicy } from '../call/policy.ts';
import { failure } from '../call/upstream.ts';

export const firstByte: CallPolicy = (next) => async (request) => {
  const { upstream } = request;
  const { firstByteMs } = request.times;
  const silence = new AbortController();
  const stop = upstream.clock.timer(firstByteMs, () =>
    silence.abort(new DOMException('no first byte', 'TimeoutError')),
  );
  try {
    return await next({
      ...request,
      signal: joined(request.signal, silence.signal),
      explain: (error, what) =>
        silence.signal.aborted
          ? retryable(failure(upstream, `sent no ${what} within ${firstByteMs} ms`, 'upstream_timeout', error))
          : request.explain(error, what),
      read: (reply) => {
        // The status line is in: what is left is the whole try's.
        stop();
        return request.read(reply);
      },
    });
  } finally {
    stop();
  }
};
