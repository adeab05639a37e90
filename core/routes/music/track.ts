/**
 * @module
 * `/track/related`, `/track/info`, `/track/isrc` and `/track/hot` (alias
 * `/hot-tracks`). D5: the two full-track endpoints answer 200 `{ found: false, ...inputs }`.
 */
import * as v from 'valibot';
import { SleeveError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { countryParam, integerParam, isrcParam, optionalText, requiredText } from '../../schemas/params.ts';
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
import { resolveTrack, resolveTrackRecord, trackDetails } from '../../services/music/track.ts';

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

const infoParams = v.object({ artist: requiredText('artist'), title: requiredText('title'), isrc: optionalIsrc });

export const trackInfo = defineEndpoint({
  path: '/track/info',
  summary: 'One track by artist and title, with its audio features.',
  description: 'A track nobody knows is still a 200: `{ "found": false, "artist", "title" }`.',
  rateLimit: 60,
  // Cached an hour per track; the features behind it are stored for good by their source.
  cache: 60 * 60,
  params: infoParams,
  example: { artist: 'The Narrow Trains', title: 'Lavender Storm', isrc: 'GBE8P2600039' },
  response: v.union([infoTrackSchema, trackNotFoundSchema]),
  async handle({ params, deps, scope, base, degraded, notFound }) {
    const track = await resolveTrackRecord(deps.drivers.music, params, scope);
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
