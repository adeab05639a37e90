/**
 * @module
 * Following a short link (D11): `spotify.link`, `deezer.page.link`, `dzr.page.link`,
 * `link.deezer.com`, `on.soundcloud.com`. Each hop is one request, redirects not followed by
 * fetch (`redirect: 'manual'`), to the short-link host itself (or, for tests, the configured
 * `shortLinksUrl` standing in for it: `<shortLinksUrl>/<host><path>`). Its `Location` is read as
 * an absolute URL against the hop's own URL and vetted with `isLinkHost` before anything else
 * happens: a host outside the link hosts, another scheme, credentials, a port or a malformed value
 * ends the walk with null, and nothing is ever requested from it. The first link-host URL that is not
 * itself a short link is the answer, without being requested. At most 3 redirects are followed:
 * a fourth short link is null. A hop that answers anything but a redirect (404, a page) leads
 * nowhere: null. Only the hosts of `shortHosts` are ever requested here.
 */
import { isLinkHost, LINK_SOURCES } from '../../links/parse.ts';
import { isRedirect, type Upstream } from '../kit/call/call.ts';
import type { DriverContext } from '../kit/context.ts';
import type { CallOptions } from '../contracts/driver.ts';
import { DRIVER_NAME, request } from './request.ts';
import type { RequestScope } from '../kit/scope.ts';

/** D11: at most this many redirects are followed. */
const MAX_REDIRECTS = 3;

/** The hosts whose links carry no item and are followed. */
const SHORT_HOSTS: ReadonlySet<string> = new Set(LINK_SOURCES.flatMap((source) => source.shortHosts));

export interface ShortLinks {
  /** Circuit, timeout and fetch of the short-link hosts (its `base` is unused: see `originOf`). */
  upstream: Upstream;
  /** The origin a short-link host is requested at: `https://<host>` unless a test points it elsewhere. */
  originOf(host: string): string;
}

export type Expand = (url: string, options?: CallOptions) => Promise<string | null>;

export function expander(ctx: DriverContext, short: ShortLinks, maxAge: number): Expand {
  /** One hop: the short link's absolute `Location`, unvetted, or null when it answers no redirect. */
  const hop = async (url: URL, scope: RequestScope): Promise<string | null> => {
    const origin = short.originOf(url.hostname);
    const answer = await request({ ...short.upstream, base: origin }, `${url.pathname}${url.search}`, {
      scope,
      followSameBase: false,
    });
    if (!isRedirect(answer.status)) return null;
    const location = answer.headers.get('location');
    if (location === null || location.trim() === '') return null;
    return URL.parse(location.trim(), url.href)?.href ?? null;
  };

  const walk = ctx.cached({
    name: `${DRIVER_NAME}:expand`,
    maxAge,
    run: async (start: string, scope): Promise<string | null> => {
      let current = new URL(start);
      for (let redirects = 0; redirects < MAX_REDIRECTS; redirects++) {
        const next = await hop(current, scope);
        if (next === null) return null;
        const target = new URL(next);
        if (!isLinkHost(target)) return null;
        if (!SHORT_HOSTS.has(target.hostname)) return target.href;
        current = target;
      }
      return null;
    },
  });

  return async (url, options) => {
    options?.scope?.signal.throwIfAborted();
    const start = typeof url === 'string' ? URL.parse(url.trim()) : null;
    if (start === null || !isLinkHost(start)) return null;
    // Already an item link: nothing to follow, nothing requested.
    if (!SHORT_HOSTS.has(start.hostname)) return start.href;
    start.hash = '';
    return walk(start.href, options);
  };
}
