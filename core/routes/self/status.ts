/**
 * @module
 * `GET /status` and `GET /status/feed`: the operator's page and the JSON it polls,
 * served only with `SLEEVE_STATUS=1` (otherwise `createSleeve` leaves both out and the paths are
 * ordinary 404s). With `SLEEVE_STATUS_TOKEN`, both answer 401 unless the request carries the
 * token (`Authorization: Bearer …`, or the cookie a first visit with `?token=…` sets, which
 * the page's polls of its feed carry: `status-token.ts`). Public otherwise (a browser sends no
 * contact), never rate limited, `no-store`, not batchable. Everything shown is an aggregate of
 * this instance's `/metrics` registry.
 */
import * as v from 'valibot';
import type { Deps } from '../../wiring/deps.ts';
import { SleeveError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { notFound } from '../../http/layers/version-prefix.ts';
import type { Context } from 'hono';
import type { SleeveEnv } from '../../http/context.ts';
import { statusHtml, statusPolicy } from '../../status/page.ts';
import type { StatusBoard } from '../../status/board.ts';
import type { StatusFeed, StatusHealth } from '../../status/feed.ts';
import type { Health } from '../../services/health.ts';
import { healthNow } from '../health.ts';
import { statusFeedSchema } from '../../schemas/responses/index.ts';
import { carriedToken, sameToken, tokenVisit } from './status-token.ts';
import { pathAsSent } from '../../http/mount.ts';

const params = v.object({
  token: v.optional(
    v.pipe(
      v.string(),
      v.description(
        'The status token (`SLEEVE_STATUS_TOKEN`), when one is set, for a first visit: `/status` answers with a cookie that carries it and a redirect to itself without it. Or send it as `Authorization: Bearer`.',
      ),
    ),
  ),
});

/** The board, once the request may see it: 404 without one, 401 without the token it asks for. */
function boardFor(deps: Deps, c: Context<SleeveEnv>, request: Request, token: string | undefined): StatusBoard {
  const board = deps.status;
  if (!board) throw notFound(c).error;
  const wanted = deps.options.status?.token;
  if (wanted !== undefined) {
    // A stale cookie beside a right `?token=` (the token changed) lets the visit renew it.
    const given = [carriedToken(request), token].filter((t) => t !== undefined);
    if (!given.some((t) => sameToken(t, wanted)))
      throw new SleeveError(
        'unauthorized',
        'This status page asks for its token: Authorization: Bearer <token>, or ?token=<token> once (it sets a cookie).',
        {
          headers: { 'WWW-Authenticate': 'Bearer realm="sleeve-status"' },
        },
      );
  }
  return board;
}

/**
 * The page's header state from what `/healthz` answered, so the two never disagree: the page
 * decides nothing of its own, it names the answer. Here, where the route meets both, since the
 * board (below the services) may not read a service's answer.
 */
function healthState({ status, body }: { status: number; body: Health }): StatusHealth {
  const state =
    body.status === 'draining' ? 'draining' : status === 503 ? 'unreachable' : body.degraded ? 'degraded' : 'serving';
  return { state, httpStatus: status, failing: body.checks.filter((check) => !check.ok).map((check) => check.name) };
}

/** The board's figures and the health `/healthz` answers now, which the page's header names. */
async function feedOf(deps: Deps, board: StatusBoard): Promise<StatusFeed> {
  return { ...board.feed(), health: healthState(await healthNow(deps)) };
}

const status = {
  public: true,
  batchable: false,
  upstream: false,
  cache: 'no-store',
  params,
  // A token as SLEEVE_STATUS_TOKEN takes it (16 to 200 printable characters); ignored when none is set.
  example: { token: 'status-token-0123456789abcdef' },
} as const;

export const statusPage = defineEndpoint({
  ...status,
  path: '/status',
  monitoring: true,
  summary:
    "The operator's status page of this instance: upstreams, budget, cache, requests, memory; only with SLEEVE_STATUS=1.",
  description:
    "One self-contained HTML page (no CDN, works offline) that carries its first figures and then polls `/status/feed`. With `SLEEVE_STATUS_TOKEN` set it asks for the token: `Authorization: Bearer`, or its cookie, which a visit with the right `?token=` sets (HttpOnly, SameSite=Strict, its path the page's), answered 303 to the page without the token, so no address the browser keeps or a proxy logs holds it.",
  response: {
    media: ['text/html'],
    description: 'The page; its style and script are inline, its figures come from /status/feed.',
  },
  async handle({ deps, c, request, params }) {
    const board = boardFor(deps, c, request, params.token);
    // A right token in the address: kept as a cookie, and the address left without it (D61).
    const wanted = deps.options.status?.token;
    if (params.token !== undefined && wanted !== undefined && sameToken(params.token, wanted))
      return tokenVisit(request, params.token, pathAsSent(deps.options.basePath, c.req.path));
    // The first figures go in the page, so it draws them before its first poll: it is served only
    // to whoever may read the feed (the token was checked above).
    return new Response(statusHtml(await feedOf(deps, board)), {
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Security-Policy': await statusPolicy(),
        'Referrer-Policy': 'no-referrer',
        'X-Robots-Tag': 'noindex',
      },
    });
  },
});

export const statusFeed = defineEndpoint({
  ...status,
  path: '/status/feed',
  monitoring: true,
  summary: "The figures /status shows, as JSON: the history's samples and what stands now; only with SLEEVE_STATUS=1.",
  // This instance's aggregates: no address, user agent or query.
  response: statusFeedSchema,
  handle({ deps, c, request, params }) {
    return feedOf(deps, boardFor(deps, c, request, params.token));
  },
});

/** Both, for `createSleeve` to leave out when the page is off. */
export const STATUS_ROUTES: readonly unknown[] = [statusPage, statusFeed];
