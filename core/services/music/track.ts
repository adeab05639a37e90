/**
 * @module
 * Finding a track (by ISRC, or by artist and title with bracketed text
 * stripped) and gathering what a full track needs: its artist, album, features (only with an
 * ISRC) and recommendations.
 */
import type { AudioFeatures } from '../../domain/features.ts';
import { isTrackRecord, type Album, type Artist, type Track, type TrackHit } from '../../domain/music.ts';
import type { Drivers } from '../../drivers/contracts/drivers.ts';
import type { MusicDriver } from '../../drivers/contracts/music.ts';
import { fold } from '../../text/fold.ts';
import { PLAUSIBLE, similarity } from '../../text/similarity.ts';
import { featuresOrNone, type FeaturesCall } from './features.ts';
import { relatedTracks } from './related.ts';
import type { RequestScope } from '../../drivers/contracts/driver.ts';

/** How many recommendations a full track carries (the interface allows any number, even none). */
const RECOMMENDATIONS = 5;

/** `Song (Remastered 2011) [Live]` is searched as `Song`. */
export function stripBrackets(title: string): string {
  const stripped = title
    .replace(/\([^()]*\)|\[[^[\]]*\]|\{[^{}]*\}/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return stripped || title.trim();
}

/**
 * The artist's track whose title best matches, or null when none is plausibly it. The driver
 * narrows to the artist's credits (the contract); an exact main-artist name is still preferred.
 */
async function findTrack(
  music: MusicDriver,
  artist: string,
  title: string,
  scope?: RequestScope,
): Promise<TrackHit | null> {
  const wanted = stripBrackets(title);
  const candidates = await music.searchTracks(wanted, { artist, limit: 10, scope });
  const artistKey = fold(artist);
  let best: { track: TrackHit; sim: number } | null = null;
  for (const track of candidates) {
    const main = fold(track.artist.name) === artistKey;
    const sim = similarity([stripBrackets(track.title), track.title], wanted) * (main ? 1 : 0.9);
    if (sim >= PLAUSIBLE && (!best || sim > best.sim)) best = { track, sim };
  }
  return best?.track ?? null;
}

export interface TrackQuery {
  isrc?: string;
  artist?: string;
  title?: string;
}

/** A track as `trackIdOrIsrc` names it: by `id` when given (it wins), else by `isrc`. */
export interface TrackIdOrIsrc {
  id?: number;
  isrc?: string;
}

/** The track `q` names, or null: one lookup rule for every endpoint taking `id` or `isrc`. */
export function trackByIdOrIsrc(music: MusicDriver, q: TrackIdOrIsrc, scope?: RequestScope): Promise<Track | null> {
  return q.id !== undefined ? music.track(q.id, { scope }) : music.trackByIsrc(q.isrc!, { scope });
}

/** The 404 message for a track `q` names that the driver does not know. */
export function noSuchTrack(q: TrackIdOrIsrc): string {
  return q.id !== undefined ? `No track with id ${q.id}.` : `No track with ISRC ${q.isrc}.`;
}

/**
 * A known ISRC skips the search; an unknown one falls back to artist and
 * title when both were given, since the ISRC is there to save a lookup, not to narrow it.
 */
export async function resolveTrack(music: MusicDriver, q: TrackQuery, scope?: RequestScope): Promise<TrackHit | null> {
  const byIsrc = q.isrc ? await music.trackByIsrc(q.isrc, { scope }) : null;
  if (byIsrc) return byIsrc;
  if (q.artist && q.title) return findTrack(music, q.artist, q.title, scope);
  return null;
}

/** `resolveTrack`, then the whole record when a search found only a hit (no ISRC, credits or position). */
export async function resolveTrackRecord(
  music: MusicDriver,
  q: TrackQuery,
  scope?: RequestScope,
): Promise<Track | null> {
  const found = await resolveTrack(music, q, scope);
  // The album and the artist's radio are not asked beside the record, though the hit names
  // them: under a saturated budget that answered fewer requests (the Zipf bench).
  return !found || isTrackRecord(found) ? found : music.track(found.id, { scope });
}

/** What `trackDetails` gathers for one full track: the full-track shape and the model's facts read it. */
export interface TrackDetails {
  track: Track;
  /** The primary artist, or null when the driver lost it (the track's own credit is used). */
  artist: Artist | null;
  album: Album | null;
  features: AudioFeatures | null;
  recommendations: readonly TrackHit[];
}

export interface DetailsCall extends FeaturesCall {
  /**
   * Asks for the artist's whole record (fans, releases) even where the full-track shape does
   * not need it: the AI routes list it among their facts.
   */
  artistRecord?: boolean;
}

/**
 * Everything the full-track shape needs, fetched in parallel. Features need an ISRC.
 * The artist's record is asked only of a driver whose artists carry genres (or when the caller
 * wants the record): otherwise the track's own credit gives all the shape takes of it (id and
 * name), and the upstream call is saved.
 */
export async function trackDetails(drivers: Drivers, track: Track, call: DetailsCall): Promise<TrackDetails> {
  const { music } = drivers;
  const { scope } = call;
  const needsArtist = call.artistRecord === true || music.artistGenres !== false;
  const [artist, album, featureMap, recommendations] = await Promise.all([
    needsArtist ? music.artist(track.artist.id, { scope }) : null,
    music.album(track.album.id, { scope }),
    featuresOrNone(drivers, [track], call),
    relatedTracks(music, track, RECOMMENDATIONS, scope),
  ]);
  return { track, artist, album, features: (track.isrc && featureMap.get(track.isrc)) || null, recommendations };
}
