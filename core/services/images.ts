/**
 * @module
 * D14: which picture an image URL stands for, and whether the catalogue knows it. A cover is
 * known when the artist has an album with that title, or a track with that title or on an
 * album of that title: the shapes key covers on artist and album title, the radio's song art
 * on the credited names and the track title.
 */
import { creditsOf, type MusicSource } from '../sources/types.ts';
import { fold } from './ranking.ts';

export async function coverExists(music: MusicSource, artist: string, title: string, signal?: AbortSignal): Promise<boolean> {
  const [a, t] = [fold(artist), fold(title)];
  const albums = await music.searchAlbums(`${artist} ${title}`, { limit: 25, signal });
  if (albums.some((album) => fold(album.title) === t && fold(album.artist.name) === a)) return true;
  const tracks = await music.searchTracks(title, { limit: 25, signal });
  return tracks.some((track) => {
    const credits = creditsOf(track);
    const names = [track.artist.name, ...credits.map((c) => c.name), credits.map((c) => c.name).join(', ')];
    return (fold(track.title) === t || fold(track.album.title) === t) && names.some((name) => fold(name) === a);
  });
}

export type MediaKind = 'genre' | 'playlist';

/** The name behind `/media/images/<kind>/<id>.svg`, or null when there is no such item. */
export async function mediaName(music: MusicSource, kind: MediaKind, id: number, signal?: AbortSignal): Promise<string | null> {
  if (kind === 'genre') return (await music.genres({ signal })).find((g) => g.id === id)?.name ?? null;
  return (await music.playlist(id, { signal }))?.title ?? null;
}
