/**
 * @module
 * D14: which picture an image URL stands for, and whether the catalogue knows it. A cover is
 * known when the artist has an album, or a track on an album, with that title (the shapes key
 * track covers on the track's artist and album title).
 */
import type { MusicSource } from '../sources/types.ts';
import { fold } from './ranking.ts';

export async function coverExists(music: MusicSource, artist: string, title: string, signal?: AbortSignal): Promise<boolean> {
  const [a, t] = [fold(artist), fold(title)];
  const albums = await music.searchAlbums(`${artist} ${title}`, { limit: 25, signal });
  if (albums.some((album) => fold(album.title) === t && fold(album.artist.name) === a)) return true;
  const tracks = await music.searchTracks(title, { artist, limit: 25, signal });
  return tracks.some((track) => fold(track.album.title) === t && track.artists.concat([{ ...track.artist, role: 'Main' }]).some((c) => fold(c.name) === a));
}

export type MediaKind = 'genre' | 'playlist';

/** The name behind `/media/images/<kind>/<id>.svg`, or null when there is no such item. */
export async function mediaName(music: MusicSource, kind: MediaKind, id: number, signal?: AbortSignal): Promise<string | null> {
  if (kind === 'genre') return (await music.genres({ signal })).find((g) => g.id === id)?.name ?? null;
  return (await music.playlist(id, { signal }))?.title ?? null;
}
