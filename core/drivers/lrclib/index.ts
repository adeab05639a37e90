/**
 * @module
 * The LRCLIB lyrics driver (live mode, D25): plain and synced (LRC) lyrics from LRCLIB's
 * keyless API (https://lrclib.net/docs), `GET /api/get?artist_name=&track_name=[&album_name=]
 * [&duration=]` for one track (404 `TrackNotFound` when it has none) and `GET /api/search?q=`
 * (or `track_name`, `artist_name`, `album_name`) for up to 20 records. LRCLIB can be
 * self-hosted, so the base is configurable; answers credit the instance asked.
 *
 * Sleeve's own User-Agent (`shared/agent.ts`), as LRCLIB asks. Its own timeout (2.5 s) and
 * circuit (`lrclib`); redirects followed only within its base, bodies bounded (`kit/call/call.ts`).
 * Answers are kept a week (lyrics do not change once filed), "none" five minutes. No call
 * budget: LRCLIB publishes none, and the week-long cache keeps repeats off the wire.
 *
 * A name that folds to nothing (D15: `¡`, `!!!`) names no record, so it is answered "none"
 * without a call (D60): LRCLIB could only answer 404, or an empty search.
 */
import { sleeveAgent } from '../shared/agent.ts';
import {
  textReplyOf,
  call,
  jsonOf,
  unexpected,
  UPSTREAM_TIMEOUT_MS,
  type TextReply,
  type Upstream,
} from '../kit/call/call.ts';
import type { DriverContext } from '../kit/context.ts';
import { decoded } from '../shared/wire.ts';
import type { Lyrics } from '../../domain/lyrics.ts';
import type { LyricsQuery, LyricsSearchQuery, LyricsDriver } from '../contracts/lyrics.ts';
import { lyricsRecord, lyricsRecords } from './wire.ts';
import type { RequestScope } from '../kit/scope.ts';
import { fold } from '../../text/fold.ts';

const DRIVER_NAME: string = 'lrclib';
export const DEFAULT_BASE_URL = 'https://lrclib.net';
/** A week: a filed text changes rarely, and LRCLIB is run by volunteers. */
const CACHE_SECONDS: number = 7 * 24 * 60 * 60;
/** Search answers are at most 20 records, each a few KiB of text. */
const MAX_BODY_BYTES = 1024 * 1024;

export interface LrclibOptions {
  /** Default `https://lrclib.net` (the driver adds `/api/...`); a self-hosted instance, or a replay. */
  baseUrl?: string;
  /** Milliseconds before a call with no answer is a 504 (default 2500). */
  timeoutMs?: number;
  /** Seconds an answer is kept (default a week); "no lyrics" is kept five minutes. */
  cacheSeconds?: number;
  /** The operator's e-mail or URL for the User-Agent (`SLEEVE_CONTACT`). */
  contact?: string;
}

type Params = Record<string, string | number | undefined>;

const queryOf = (params: Params): string => {
  const set = Object.entries(params).filter((entry): entry is [string, string | number] => entry[1] !== undefined);
  return new URLSearchParams(set.map(([key, value]) => [key, String(value)])).toString();
};

/** Absent, or nothing left once folded: no name a record could match. */
const foldsAway = (name: string | undefined): boolean => name === undefined || fold(name) === '';

export default function lrclib(options: LrclibOptions, ctx: DriverContext): LyricsDriver {
  const base = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
  const upstream: Upstream = ctx.upstream({
    name: DRIVER_NAME,
    base,
    timeoutMs: options.timeoutMs ?? UPSTREAM_TIMEOUT_MS,
    setting: 'SLEEVE_LRCLIB_URL',
  });
  const headers = { 'user-agent': sleeveAgent(options.contact), 'accept-language': 'en', accept: 'application/json' };
  const maxAge = options.cacheSeconds ?? CACHE_SECONDS;
  const ask = (path: string, scope: RequestScope | undefined, raw = false): Promise<TextReply> =>
    call(
      upstream,
      path,
      { scope, headers, raw, redirect: 'same-base', maxBytes: MAX_BODY_BYTES, passOnRateLimit: true },
      textReplyOf,
    );

  /** The JSON of a 200, null for a 404; any other status is LRCLIB failing. */
  const get = async (path: string, params: Params, scope: RequestScope): Promise<unknown> => {
    const answer = await ask(`${path}?${queryOf(params)}`, scope);
    if (answer.status === 404) return null;
    if (answer.status !== 200) throw unexpected(upstream, answer);
    return jsonOf(upstream, answer);
  };

  const one = ctx.cached<Params, Lyrics>({
    name: 'lrclib:get',
    maxAge,
    async run(params, scope) {
      const body = await get('/api/get', params, scope);
      return body === null ? null : decoded(DRIVER_NAME, body, lyricsRecord);
    },
  });
  const shape = ctx.listing(DRIVER_NAME);
  const search = ctx.cached<Params, Lyrics[]>({
    name: 'lrclib:search',
    maxAge,
    async run(params, scope) {
      const body = await get('/api/search', params, scope);
      const found = body === null ? [] : decoded(DRIVER_NAME, body, (b) => lyricsRecords(b, shape));
      // Nothing found is a not-found answer: kept five minutes, not a week.
      return found.length === 0 ? null : found;
    },
  });

  return {
    name: DRIVER_NAME,
    attribution: { source: 'LRCLIB', url: base, license: null, licenseUrl: null },
    async lyrics({ artist, title, album, duration, scope }: LyricsQuery) {
      if (foldsAway(artist) || foldsAway(title)) return null;
      return one({ artist_name: artist, track_name: title, album_name: album, duration }, { scope });
    },
    async search({ query, title, artist, album, scope }: LyricsSearchQuery) {
      if (foldsAway(query) && foldsAway(title)) return [];
      const params =
        query !== undefined
          ? { q: query, artist_name: artist, track_name: title, album_name: album }
          : { track_name: title, artist_name: artist, album_name: album };
      return (await search(params, { scope })) ?? [];
    },
    // Never from the cache: LRCLIB's own API must answer (a search that always has results).
    async probe(o) {
      try {
        const answer = await ask(`/api/search?${queryOf({ q: 'amazing grace' })}`, o?.scope, true);
        return { ok: answer.status === 200, status: answer.status };
      } catch (error) {
        if (o?.scope?.signal.aborted) throw error;
        return { ok: false, status: 0 };
      }
    },
  };
}
