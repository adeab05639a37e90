/**
 * @module
 * Catalogue items the endpoint tests need, discovered through the demo source at run time
 * (never hard-coded ids): a charting track with an ISRC and features, a track without an ISRC,
 * an artist with releases of several record types.
 */
import type { TrackHit } from '../../../core/domain/music.ts';
import { music, sleeve } from './client.ts';

export async function chartTracks(limit = 50): Promise<TrackHit[]> {
  return (await music.chart(null, { limit }))?.tracks ?? [];
}

export async function trackWithFeatures(): Promise<TrackHit> {
  for (const track of await chartTracks()) {
    if (track.isrc && (await sleeve.deps.drivers.features.features([track.isrc])).size > 0) return track;
  }
  throw new Error('the demo catalogue has no charting track with features');
}

export async function trackWithoutIsrc(): Promise<TrackHit> {
  for (const genre of (await music.genres()).slice(1)) {
    // Issue #23: ISRC-less tracks are rare and obscure, so at the end of their genre's list.
    const found = (await music.genreTracks(genre.name, { limit: 100_000 })).find((t) => t.isrc === null);
    if (found) return found;
  }
  throw new Error('the demo catalogue has no track without an ISRC');
}

/** The charting artist with the most releases: discography paging and grouping need variety. */
export async function prolificArtist(): Promise<{ id: number; name: string; total: number }> {
  let best = { id: 0, name: '', total: -1 };
  for (const track of await chartTracks()) {
    const { total } = await music.artistAlbums(track.artist.id, { limit: 1 });
    if (total > best.total) best = { id: track.artist.id, name: track.artist.name, total };
  }
  return best;
}
