/**
 * @module
 * Related tracks (spec §4.7, and the recommendations of §4.8/§4.9). The source contract has no
 * "related tracks" call, so they are drawn from the related artists' top tracks, taken in
 * turns so no artist crowds the list, then the same artist's and genre's tracks when short.
 * Deterministic: the same track always gets the same list.
 */
import type { MusicSource, Track } from '../sources/types.ts';

const RELATED_ARTISTS = 10;

/** Round-robin over lists: the first of each, then the second of each, ... */
export function interleave<T>(lists: readonly (readonly T[])[]): T[] {
  const out: T[] = [];
  const longest = Math.max(0, ...lists.map((l) => l.length));
  for (let i = 0; i < longest; i++) for (const list of lists) if (i < list.length) out.push(list[i] as T);
  return out;
}

/** Keeps the first of each id, skipping the seed track itself (by id and by ISRC). */
export function uniqueExcept(seed: Track, tracks: readonly Track[], limit: number): Track[] {
  const seen = new Set<number>([seed.id]);
  const out: Track[] = [];
  for (const t of tracks) {
    if (out.length >= limit) break;
    if (seen.has(t.id) || (seed.isrc !== null && t.isrc === seed.isrc)) continue;
    seen.add(t.id);
    out.push(t);
  }
  return out;
}

export async function relatedTracks(music: MusicSource, seed: Track, limit: number, signal?: AbortSignal): Promise<Track[]> {
  const artists = await music.relatedArtists(seed.artist.id, { limit: RELATED_ARTISTS, signal });
  const perArtist = Math.max(2, Math.ceil(limit / Math.max(artists.length, 1)) + 1);
  const lists = await Promise.all(artists.map((a) => music.artistTopTracks(a.id, { limit: perArtist, signal })));
  let picked = uniqueExcept(seed, interleave(lists), limit);
  if (picked.length < limit) {
    const genre = seed.genres[0];
    const [own, genreTracks] = await Promise.all([
      music.artistTopTracks(seed.artist.id, { limit: limit + 1, signal }),
      genre ? music.genreTracks(genre, { limit: limit * 2, signal }) : Promise.resolve([]),
    ]);
    picked = uniqueExcept(seed, [...picked, ...interleave([genreTracks, own])], limit);
  }
  return picked;
}
