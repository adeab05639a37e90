/**
 * @module
 * Redirects followed by hand (fetch follows none, `manual-redirects.ts`): within the
 * upstream's own base only, at most `MAX_SAME_BASE_REDIRECTS` times, each a request of its own
 * (with its own first byte, counted and reported once); a redirect elsewhere is a 502. A call
 * that asks `redirect: 'manual'`, and a raw call (a health probe says what one request saw),
 * get the redirect as their answer.
 */
import type { CallPolicy, UpstreamRequest } from '../call/policy.ts';
import { failure, isRedirect } from '../call/upstream.ts';

/** A redirect within the upstream's own base is followed at most this many times (`same-base`, the default). */
const MAX_SAME_BASE_REDIRECTS = 3;

/**
 * The absolute target of a redirect when it is on the same base, else null. On the base means on
 * its origin, so a redirect followed never leaves the base's host, nor its kind of network: a
 * public upstream cannot send Sleeve to a loopback or private address, whatever its spelling
 * (`2130706433`, `[::ffff:127.0.0.1]`: the URL parser writes them as the address they are).
 */
function sameBase(base: string, location: string | null, from: string): string | null {
  if (location === null) return null;
  const target = URL.parse(location, from);
  if (target === null || target.username !== '' || target.password !== '') return null;
  const href = target.href;
  return href.startsWith(`${base}/`) || href === base ? href : null;
}

/** A redirect to follow, as the wrapped `read` returns it: never a driver's result. */
class Hop {
  readonly to: string;
  constructor(to: string) {
    this.to = to;
  }
}

export const redirects: CallPolicy =
  (next) =>
  async <T>(request: UpstreamRequest<T>): Promise<T> => {
    const { upstream, options } = request;
    if (options.redirect === 'manual' || options.raw === true) return next(request);
    let url = request.url;
    for (let hop = 0; ; hop++) {
      const from = url;
      const answer = await next<T | Hop>({
        ...request,
        url,
        read: (reply) => {
          if (!isRedirect(reply.status)) return request.read(reply);
          const target = sameBase(upstream.base, reply.headers.get('location'), from);
          if (target === null || hop >= MAX_SAME_BASE_REDIRECTS)
            throw failure(upstream, `answered HTTP ${reply.status} to somewhere else`);
          return new Hop(target);
        },
      });
      if (!(answer instanceof Hop)) return answer;
      url = answer.to;
    }
  };
