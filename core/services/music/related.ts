/**
 * @module
 * Related tracks (`/track/related`, and a full track's recommendations): the driver's tracks by
 * similar artists (one upstream call), then the same artist's and genre's tracks when
 * short. Deterministic: the same track always gets the same list.
 */
import { interleave } from '../../utils/interleave.ts';
import type { TrackHit } from '../../domain/music.ts';
import type { MusicDriver } from '../../drivers/contracts/music.ts';
import type { RequestScope } from '../../drivers/contracts/driver.ts';

/** Keeps the first of each id, skipping the seed track itself (by id and by ISRC). */
export function uniqueExcept(seed: TrackHit, tracks: readonly TrackHit[], limit: number): TrackHit[] {
  const seen = new Set<number>([seed.id]);
  const out: TrackHit[] = [];
  for (const t of tracks) {
    if (out.length >= limit) break;
    if (seen.has(t.id) || (seed.isrc !== null && t.isrc === seed.isrc)) continue;
    seen.add(t.id);
    out.push(t);
  }
  return out;
}

export async function relatedTracks(
  music: MusicDriver,
  seed: TrackHit,
  limit: number,
  scope?: RequestScope,
): Promise<TrackHit[]> {
  // A few more than asked: the seed itself (or another release of it) may be among them.
  let picked = uniqueExcept(seed, await music.similarTracks(seed.artist.id, { limit: limit + 5, scope }), limit);
  if (picked.length < limit) {
    // Tracks carry no genres; the seed's album does (and a live driver has it cached by now).
    const [own, genreTracks] = await Promise.all([
      music.artistTopTracks(seed.artist.id, { limit: limit + 1, scope }),
      music.album(seed.album.id, { scope }).then((album) => {
        const genre = album?.genres[0];
        return genre ? music.genreTracks(genre, { limit: limit * 2, scope }) : [];
      }),
    ]);
    picked = uniqueExcept(seed, [...picked, ...interleave([genreTracks, own])], limit);
  }
  return picked;
}
