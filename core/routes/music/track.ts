/**
 * @module
 * `/track/related`, `/track/info`, `/track/isrc` and `/track/hot` (alias
 * `/hot-tracks`). D5: the two full-track endpoints answer 200 `{ found: false, ...inputs }`.
 */
import * as v from 'valibot';
import { SleeveError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { countryParam, idParam, integerParam, isrcParam, optionalText } from '../../schemas/params.ts';
import { infoTrack, isrcTrack, type TrackNotFound } from '../../shape/music/full-track.ts';
import { chartTrack, relatedTrack } from '../../shape/music/track.ts';
import { countryFrom, hotChart } from '../../services/music/charts.ts';
import { relatedTracks } from '../../services/music/related.ts';
import {
  hotTracksSchema,
  infoTrackSchema,
  isrcTrackSchema,
  listOf,
  relatedTrackSchema,
  trackNotFoundSchema,
} from '../../schemas/responses/index.ts';
import { noSuchTrack, resolveTrack, resolveTrackRecord, trackDetails } from '../../services/music/track.ts';

const optionalIsrc = v.optional(isrcParam('isrc'));

const relatedParams = v.pipe(
  v.object({
    isrc: optionalIsrc,
    artist: optionalText('artist'),
    title: optionalText('title'),
    limit: integerParam('limit', 1, 50, 20),
  }),
  v.forward(
    v.check((p) => Boolean(p.isrc || (p.artist && p.title)), 'give isrc, or both artist and title'),
    ['isrc'],
  ),
);

export const trackRelated = defineEndpoint({
  path: '/track/related',
  summary: 'Tracks like a seed track, named by ISRC or by artist and title.',
  rateLimit: 60,
  cache: 60 * 60,
  params: relatedParams,
  example: { isrc: 'GBE8P2600039', artist: 'The Narrow Trains', title: 'Lavender Storm', limit: '5' },
  response: listOf(relatedTrackSchema),
  async handle({ params, deps, scope, base }) {
    const { music } = deps.drivers;
    const seed = await resolveTrack(music, params, scope);
    if (!seed) throw new SleeveError('not_found', 'No track matches that ISRC or artist and title.');
    return (await relatedTracks(music, seed, params.limit, scope)).map((t) => relatedTrack(t, base));
  },
});

/** The one rule of `/track/info`'s ways in, told by both checks below and published once. */
const INFO_RULE = 'give id, or both artist and title';

/**
 * D69: by `id` (a track's id as searches answer it), or by `artist` and `title` (`isrc` beside
 * them skips the search). The id wins: the others are dropped once checked, so the handler reads
 * the id alone and every request naming that id shares one cache entry (D58: the key is the
 * parameters as read). Each missing name is a 400 naming itself; the second check's message is a
 * function only so that the description states the rule once (`Rule:` lines take the strings).
 */
const infoParams = v.pipe(
  v.object({
    id: v.optional(idParam('id')),
    artist: optionalText('artist'),
    title: optionalText('title'),
    isrc: optionalIsrc,
  }),
  v.forward(
    v.check((p) => p.id !== undefined || p.artist !== undefined, INFO_RULE),
    ['artist'],
  ),
  v.forward(
    v.check(
      (p) => p.id !== undefined || p.title !== undefined,
      () => INFO_RULE,
    ),
    ['title'],
  ),
  v.transform((p): { id: number } | { artist: string; title: string; isrc?: string } =>
    p.id !== undefined ? { id: p.id } : { artist: p.artist!, title: p.title!, isrc: p.isrc },
  ),
);

export const trackInfo = defineEndpoint({
  path: '/track/info',
  summary: 'One track by id, or by artist and title, with its audio features.',
  description:
    "`id` is the track's id as the searches and lists answer it: one lookup, no search. `id` wins when " +
    '`artist` or `title` come with it, and an unknown id is a 404. By artist and title (bracketed text ' +
    'stripped; an `isrc` beside them skips the search), a track nobody knows is still a 200: ' +
    '`{ "found": false, "artist", "title" }`.',
  rateLimit: 60,
  // Cached an hour per track; the features behind it are stored for good by their source.
  cache: 60 * 60,
  params: infoParams,
  example: { id: '100006189', artist: 'The Narrow Trains', title: 'Lavender Storm', isrc: 'GBE8P2600039' },
  response: v.union([infoTrackSchema, trackNotFoundSchema]),
  async handle({ params, deps, scope, base, degraded, notFound }) {
    const { music } = deps.drivers;
    if ('id' in params) {
      // A named id is a lookup, not a search: unknown is an error, as for `/track/credits`.
      const track = await music.track(params.id, { scope });
      if (!track) throw new SleeveError('not_found', noSuchTrack(params), { param: 'id' });
      return infoTrack(await trackDetails(deps.drivers, track, { scope, degraded }), base);
    }
    const track = await resolveTrackRecord(music, params, scope);
    if (!track) {
      notFound();
      return {
        found: false,
        artist: params.artist,
        title: params.title,
        ...(params.isrc ? { isrc: params.isrc } : {}),
      } satisfies TrackNotFound;
    }
    return infoTrack(await trackDetails(deps.drivers, track, { scope: scope, degraded }), base);
  },
});

const isrcParams = v.object({ isrc: isrcParam('isrc') });

export const trackIsrc = defineEndpoint({
  path: '/track/isrc',
  summary: 'One track by ISRC, with its audio features.',
  description: 'An unknown ISRC is still a 200: `{ "found": false, "isrc" }`.',
  since: '2.1.0',
  rateLimit: 60,
  cache: 'forever',
  params: isrcParams,
  example: { isrc: 'GBE8P2600039' },
  response: v.union([isrcTrackSchema, trackNotFoundSchema]),
  async handle({ params, deps, scope, base, degraded, notFound }) {
    const track = await deps.drivers.music.trackByIsrc(params.isrc, { scope: scope });
    if (!track) {
      notFound();
      return { found: false, isrc: params.isrc } satisfies TrackNotFound;
    }
    return isrcTrack(await trackDetails(deps.drivers, track, { scope: scope, degraded }), base);
  },
});

const hotParams = v.object({ country: countryParam('country'), limit: integerParam('limit', 1, 100, 20) });

export const trackHot = defineEndpoint({
  path: '/track/hot',
  aliases: ['/hot-tracks'],
  summary: "The chart: the caller's country (`country`, or the edge's country header), else global.",
  since: '2.1.1',
  rateLimit: 30,
  cache: 30 * 60,
  params: hotParams,
  example: { country: 'FR', limit: '10' },
  response: hotTracksSchema,
  // D10: without ?country= the chart follows the edge header, so the key is the country served.
  cacheKey: (params, request, deps) =>
    `${countryFrom(params.country, request.headers, deps.options.countryHeaders) ?? 'global'} ${params.limit}`,
  // D62: and a shared cache in front must key on them too (with `?country=` too: one rule a route).
  vary: (deps) => deps.options.countryHeaders,
  async handle({ params, deps, request, scope, base }) {
    const country = countryFrom(params.country, request.headers, deps.options.countryHeaders);
    const chart = await hotChart(deps.drivers.music, country, params.limit, scope);
    return { country: chart.country, tracks: chart.tracks.map((t, i) => chartTrack(t, i + 1, base)) };
  },
});
