/**
 * @module
 * `/lyrics` and `/lyrics/search` (alias `/search/lyrics`) (D24): plain and
 * synced (LRC) lyrics from LRCLIB in live mode, credited to the LRCLIB instance asked. Demo
 * mode has no lyrics: 503 `not_configured`, never words of Sleeve's own. Cached a week; 60 a
 * minute; batchable.
 */
import * as v from 'valibot';
import { SleeveError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { integerParam, optionalInteger, optionalText, requiredText } from '../../schemas/params.ts';
import { lyricsSchema, lyricsSearchSchema } from '../../schemas/responses/index.ts';
import { lyricsDriver } from '../../services/knowledge.ts';
import type { Lyrics } from '../../domain/lyrics.ts';

/** A filed text rarely changes; a week, like the driver's own cache. */
const LYRICS_CACHE = 7 * 24 * 60 * 60;
const NOT_IN_DEMO = 'Live mode only: demo mode answers 503 `not_configured` (it has no lyrics and never invents any).';

const record = (lyrics: Lyrics) => ({
  id: lyrics.id,
  title: lyrics.title,
  artist: lyrics.artist,
  album: lyrics.album,
  duration: lyrics.duration,
  instrumental: lyrics.instrumental,
  plainLyrics: lyrics.plain,
  syncedLyrics: lyrics.synced,
});

export const lyrics = defineEndpoint({
  path: '/lyrics',
  summary: "A track's lyrics, plain and synced (LRC), from LRCLIB.",
  description: [
    'The best LRCLIB record for `artist` and `title`; `album` and `duration` (seconds; LRCLIB matches within 2 s) narrow it.',
    '`plainLyrics` and `syncedLyrics` are null when the record has none; an instrumental has neither.',
    'No record: 404 `not_found`. `attribution` names the LRCLIB instance the words come from.',
    NOT_IN_DEMO,
  ].join(' '),
  rateLimit: 60,
  cache: LYRICS_CACHE,
  params: v.object({
    artist: requiredText('artist'),
    title: requiredText('title'),
    album: optionalText('album'),
    duration: optionalInteger('duration', 1, 3600),
  }),
  example: { artist: 'Judy Collins', title: 'Amazing Grace', album: 'Whales & Nightingales', duration: '245' },
  response: lyricsSchema,
  async handle({ params, deps, scope }) {
    const lyrics = lyricsDriver(deps.drivers);
    const found = await lyrics.lyrics({ ...params, scope: scope });
    if (found === null)
      throw new SleeveError(
        'not_found',
        `No lyrics for ${JSON.stringify(params.title)} by ${JSON.stringify(params.artist)}.`,
      );
    return { ...record(found), attribution: lyrics.attribution };
  },
});

export const lyricsSearch = defineEndpoint({
  path: '/lyrics/search',
  aliases: ['/search/lyrics'],
  summary: 'Lyrics records matching a text (title, artist or album) or given fields, from LRCLIB.',
  description: [
    '`query` searches titles, artists and albums at once; or give `title`, narrowed by `artist` and `album`. One of `query` and `title` is required.',
    'LRCLIB answers at most 20 records, best first, each with its lyrics; `limit` keeps the first ones. None: an empty list.',
    '`/search/lyrics` is the same endpoint: LRCLIB searches names, not the words of songs, so there is no second kind of search to offer.',
    NOT_IN_DEMO,
  ].join(' '),
  rateLimit: 60,
  cache: LYRICS_CACHE,
  params: v.pipe(
    v.object({
      query: optionalText('query'),
      title: optionalText('title'),
      artist: optionalText('artist'),
      album: optionalText('album'),
      limit: integerParam('limit', 1, 20, 20),
    }),
    v.forward(
      v.check((p) => p.query !== undefined || p.title !== undefined, 'give query (any text) or title'),
      ['query'] as never,
    ),
  ),
  example: {
    query: 'amazing grace',
    title: 'Amazing Grace',
    artist: 'Judy Collins',
    album: 'Whales & Nightingales',
    limit: '5',
  },
  response: lyricsSearchSchema,
  async handle({ params, deps, scope }) {
    const lyrics = lyricsDriver(deps.drivers);
    const { limit, ...asked } = params;
    const found = (await lyrics.search({ ...asked, scope: scope })).slice(0, limit);
    return { total: found.length, results: found.map(record), attribution: lyrics.attribution };
  },
});
