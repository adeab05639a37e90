/**
 * @module
 * D30: `/ai/track-insights`, `/ai/lyrics-explain`, `/ai/artist-summary`, `/ai/similar-because`:
 * a chat model's few paragraphs about Sleeve's own records, grounded in their facts (the
 * track, its audio features, its artist, what Sleeve relates to it), which come back with the
 * answer. Each is cached 30 days per unique query and draws on the shared hourly
 * budget of fresh generations; cached answers never count. Not batchable: a
 * model call takes seconds and a batch of them would spend a caller's hour in one request.
 * Without a model configured: 503 `not_configured`, in both modes.
 */
import * as v from 'valibot';
import { SleeveError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { artistOrId, isrcParam, requiredText, trackIdOrIsrc } from '../../schemas/params.ts';
import {
  artistSummarySchema,
  lyricsExplainSchema,
  similarBecauseSchema,
  trackInsightsSchema,
} from '../../schemas/responses/index.ts';
import { AI_CACHE_SECONDS, AI_GENERATIONS } from './ai-budgets.ts';
import {
  aiTrack,
  artistFacts,
  comparisonFacts,
  discographyFacts,
  fullTrackFacts,
  relatedFacts,
  serviceFacts,
  similarArtistFacts,
  topTrackFacts,
} from '../../services/ai/facts.ts';
import { generate, requireModel } from '../../services/ai/generate.ts';
import { lyricsGrounding } from '../../services/ai/lyrics-facts.ts';
import { artistInfoLists, requireArtist } from '../../services/music/artist.ts';
import { allReleases, groupDiscography } from '../../services/music/discography.ts';
import {
  noSuchTrack,
  resolveTrackRecord,
  trackByIdOrIsrc,
  trackDetails,
  type TrackIdOrIsrc,
} from '../../services/music/track.ts';
import type { Track } from '../../domain/music.ts';
import type { Deps } from '../../wiring/deps.ts';
import type { RequestScope } from '../../drivers/contracts/driver.ts';

/** What every `/ai/*` declaration shares: 60 per minute, the hourly budget, and 30 days' cache. */
const policy = { rateLimit: 60, generations: AI_GENERATIONS, cache: AI_CACHE_SECONDS, batchable: false } as const;

const TRACK_NOT_FOUND = 'No track matches; the AI routes speak only of tracks Sleeve knows.';

async function knownTrack(deps: Deps, q: TrackIdOrIsrc, scope: RequestScope): Promise<Track> {
  const track = await trackByIdOrIsrc(deps.drivers.music, q, scope);
  if (!track) throw new SleeveError('not_found', noSuchTrack(q));
  return track;
}

const insightsParams = trackIdOrIsrc();

export const aiTrackInsights = defineEndpoint({
  path: '/ai/track-insights',
  summary: "A model's short listening notes on one track, from its record, audio features and artist.",
  description:
    "The track is named by `isrc` or by `id` (`id` wins). The answer cites only the facts in `grounding`, which are Sleeve's own data. 404 for an unknown track; 503 `not_configured` without a chat model.",
  ...policy,
  params: insightsParams,
  example: { id: '100006189', isrc: 'GBE8P2600039' },
  response: trackInsightsSchema,
  async handle({ params, deps, scope, degraded, spendGeneration }) {
    const model = requireModel(deps);
    const track = await knownTrack(deps, params, scope);
    const details = await trackDetails(deps.drivers, track, { scope: scope, degraded, artistRecord: true });
    const grounding = [
      serviceFacts(deps.options.mode),
      ...fullTrackFacts(details),
      relatedFacts(track, details.recommendations),
    ];
    const task =
      "Describe this track for a listener: how it sounds (from the audio features), where it sits in the artist's work, and what it is close to.";
    const made = await generate({
      model,
      deps,
      spendGeneration,
      scope: scope,
      task,
      grounding,
      conversation: [{ role: 'user', content: `Tell me about ${track.title} by ${track.artist.name}.` }],
    });
    return {
      track: aiTrack(track),
      answer: made.text,
      model: made.model,
      generatedAt: made.generatedAt,
      grounding: made.grounding,
    };
  },
});

const lyricsParams = v.object({ artist: requiredText('artist'), title: requiredText('title') });

export const aiLyricsExplain = defineEndpoint({
  path: '/ai/lyrics-explain',
  summary:
    "A model's reading of a song's themes and mood, from its lyrics (when a lyrics source has them), record and audio features; lyrics are never quoted.",
  description:
    "With a lyrics source (live mode: LRCLIB) the model reads the song's words and speaks of what they are about, never quoting or paraphrasing a line; the words are not repeated in `grounding`, which names their source (`lyricsUsed: true`; an instrumental counts too). Without one (demo mode), or when the source has no record or fails, it is told it has no lyrics and speaks of the mood the audio features measure (`lyricsUsed: false`). 404 for an unknown track; 503 `not_configured` without a chat model.",
  ...policy,
  params: lyricsParams,
  example: { artist: 'The Narrow Trains', title: 'Lavender Storm' },
  response: lyricsExplainSchema,
  async handle({ params, deps, scope, degraded, spendGeneration }) {
    const model = requireModel(deps);
    const track = await resolveTrackRecord(deps.drivers.music, params, scope);
    if (!track) throw new SleeveError('not_found', TRACK_NOT_FOUND);
    const details = await trackDetails(deps.drivers, track, { scope: scope, degraded, artistRecord: true });
    const words = await lyricsGrounding(deps.drivers, track, scope, degraded);
    const grounding = [serviceFacts(deps.options.mode), ...fullTrackFacts(details), words.listed];
    const made = await generate({
      model,
      deps,
      spendGeneration,
      scope: scope,
      task: words.task,
      grounding,
      told: words.told,
      conversation: [{ role: 'user', content: `What is ${track.title} by ${track.artist.name} about?` }],
    });
    return {
      track: aiTrack(track),
      lyricsUsed: words.used,
      answer: made.text,
      model: made.model,
      generatedAt: made.generatedAt,
      grounding: made.grounding,
    };
  },
});

const artistParams = artistOrId();

export const aiArtistSummary = defineEndpoint({
  path: '/ai/artist-summary',
  summary: "A model's short portrait of an artist, from its record, releases, top tracks and similar artists.",
  description:
    'The artist is named by `artist` (a name, looked up) or `id` (`id` wins). 404 for an unknown artist; 503 `not_configured` without a chat model.',
  ...policy,
  params: artistParams,
  example: { artist: 'The Narrow Trains', id: '1361' },
  response: artistSummarySchema,
  async handle({ params, deps, scope, spendGeneration }) {
    const model = requireModel(deps);
    const { music } = deps.drivers;
    const artist = await requireArtist(music, params, scope);
    const [{ top, related }, releases] = await Promise.all([
      artistInfoLists(music, artist.id, scope),
      allReleases(music, artist, scope),
    ]);
    const grounding = [
      serviceFacts(deps.options.mode),
      artistFacts(artist),
      discographyFacts(artist, groupDiscography(releases, 1), releases),
      topTrackFacts(artist, top),
      similarArtistFacts(artist, related),
    ];
    const task =
      'Write a short portrait of this artist: their genres, how their releases spread over time, their best-known tracks and who they are close to.';
    const made = await generate({
      model,
      deps,
      spendGeneration,
      scope: scope,
      task,
      grounding,
      conversation: [{ role: 'user', content: `Who is ${artist.name}?` }],
    });
    return {
      artist: { id: artist.id, name: artist.name },
      answer: made.text,
      model: made.model,
      generatedAt: made.generatedAt,
      grounding: made.grounding,
    };
  },
});

const similarParams = v.pipe(
  v.object({ isrc: isrcParam('isrc'), other: isrcParam('other') }),
  v.forward(
    v.check((p) => p.isrc !== p.other, 'other must name a different track than isrc'),
    ['other'] as never,
  ),
);

export const aiSimilarBecause = defineEndpoint({
  path: '/ai/similar-because',
  summary: "A model's account of why two tracks (by ISRC) are alike, or not: shared genres, tempo, key, energy, mood.",
  description:
    'The comparison facts (tempo and feature differences, shared genres, whether Sleeve relates one to the other) are computed by Sleeve, not by the model, and come back in `grounding`. 404 when either track is unknown; 503 `not_configured` without a chat model.',
  ...policy,
  params: similarParams,
  example: { isrc: 'GBE8P2600039', other: 'BR0UK0100001' },
  response: similarBecauseSchema,
  async handle({ params, deps, scope, degraded, spendGeneration }) {
    const model = requireModel(deps);
    const [a, b] = await Promise.all([
      knownTrack(deps, { isrc: params.isrc }, scope),
      knownTrack(deps, { isrc: params.other }, scope),
    ]);
    const call = { scope: scope, degraded, artistRecord: true };
    const [da, db] = await Promise.all([trackDetails(deps.drivers, a, call), trackDetails(deps.drivers, b, call)]);
    const grounding = [
      serviceFacts(deps.options.mode),
      ...fullTrackFacts(da),
      ...fullTrackFacts(db),
      comparisonFacts(da, db),
    ];
    const task =
      'Explain why these two tracks are alike, and where they differ, from the comparison facts. If they have little in common, say so.';
    const made = await generate({
      model,
      deps,
      spendGeneration,
      scope: scope,
      task,
      grounding,
      conversation: [{ role: 'user', content: `Why is ${a.title} similar to ${b.title}?` }],
    });
    return {
      track: aiTrack(a),
      other: aiTrack(b),
      answer: made.text,
      model: made.model,
      generatedAt: made.generatedAt,
      grounding: made.grounding,
    };
  },
});
