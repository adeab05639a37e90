/**
 * @module
 * The call every policy wraps: one request sent and its answer given to `read`. It follows no
 * redirect (`redirects.ts` does, by hand), reads the body at most its cap (`capped-reply.ts`),
 * cancels a body `read` left unread, and says how it failed: the caller's own abort reason when
 * the caller went away, a limit's words when a limit ended it (`explain`), else the body cut off
 * or the upstream unreachable.
 */
import { networkFailure } from '../../../utils/network-failure.ts';
import { retryable } from '../refusals.ts';
import { cappedReply, MAX_BODY_BYTES } from './capped-reply.ts';
import { callerGone, type Call, type UpstreamRequest } from './policy.ts';
import { failure } from './upstream.ts';

/** What `request` failed with, in the words its caller should hear. */
function failedOf(request: UpstreamRequest<unknown>): (error: unknown, what: 'answer' | 'body') => unknown {
  const { upstream, options } = request;
  return (error, what) => {
    if (callerGone(options)) return options.scope?.signal.reason;
    const limit = request.explain(error, what);
    if (limit !== undefined) return limit;
    if (what === 'body') return retryable(failure(upstream, 'failed while sending the body', 'upstream_error', error));
    const cause = networkFailure(error);
    const unreachable = failure(
      upstream,
      `${upstream.speaker === undefined ? '' : 'is '}unreachable: ${cause.words}`,
      'upstream_error',
      error,
    );
    return cause.transient ? retryable(unreachable) : unreachable;
  };
}

export const send: Call = async (request) => {
  const { upstream, options } = request;
  const failed = failedOf(request);
  let response: Response;
  try {
    response = await upstream.fetch(request.url, {
      method: options.method ?? 'GET',
      // Followed by hand, within bounds (`redirects.ts`), never by fetch.
      redirect: 'manual',
      signal: request.signal,
      body: options.body,
      headers: options.headers,
    });
  } catch (error) {
    throw failed(error, 'answer');
  }
  try {
    return await request.read(cappedReply(upstream, response, options.maxBytes ?? MAX_BODY_BYTES, failed));
  } finally {
    // Not awaited: a cancel may settle only when every reader of a teed body has let go.
    if (!response.bodyUsed) void response.body?.cancel().catch(() => {});
  }
};
