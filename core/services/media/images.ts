/**
 * @module
 * D14: which picture an image URL stands for, and whether the catalogue knows it. A cover is
 * known when the artist has an album with that title, or a track with that title or on an
 * album of that title: the shapes key covers on artist and album title, the radio's song art
 * on the credited names and the track title. Names are compared folded (case, accents and
 * punctuation ignored), so `Daft+Punk` and `daft punk` name one artist.
 */
import { creditsOf, type TrackHit } from '../../domain/music.ts';
import type { MusicDriver } from '../../drivers/contracts/music.ts';
import { fold } from '../../text/fold.ts';
import type { RequestScope } from '../../drivers/contracts/driver.ts';

/** A known cover: the driver's own picture of it (live mode), or null when it has none. */
export interface Cover {
  url: string | null;
}

/** What is sent to a search: `+` is punctuation there as everywhere in a name (`image-query.ts`). */
const searchText = (text: string): string => text.replace(/\+/g, ' ').replace(/\s+/g, ' ').trim();

/**
 * The cover `/cover?artist=&title=` stands for, or null when nothing matches. A track's cover
 * is its album's: taken from the listing when it carries it, else from the album itself,
 * looked up only when the driver has pictures to give (`MusicDriver.image`).
 */
export async function findCover(
  music: MusicDriver,
  artist: string,
  title: string,
  scope?: RequestScope,
): Promise<Cover | null> {
  const [a, t] = [fold(artist), fold(title)];
  const albums = await music.searchAlbums(searchText(`${artist} ${title}`), { limit: 25, scope });
  const album = albums.find((hit) => fold(hit.title) === t && fold(hit.artist.name) === a);
  if (album) return { url: album.coverUrl };
  const isIt = (hit: TrackHit) => {
    const credits = creditsOf(hit);
    const names = [hit.artist.name, ...credits.map((c) => c.name), credits.map((c) => c.name).join(', ')];
    return (fold(hit.title) === t || fold(hit.album.title) === t) && names.some((name) => fold(name) === a);
  };
  // Narrowed to the artist first: a common title ("All Night") has more tracks than one page
  // holds. The radio credits several artists as "A, B", so the first of them narrows too.
  let track: TrackHit | undefined;
  for (const name of new Set([artist, artist.split(', ')[0]!])) {
    track ??= (await music.searchTracks(searchText(title), { artist: searchText(name), limit: 25, scope })).find(isIt);
  }
  track ??= (await music.searchTracks(searchText(title), { limit: 25, scope })).find(isIt);
  if (!track) return null;
  if (track.album.coverUrl !== undefined || music.image === undefined) return { url: track.album.coverUrl ?? null };
  return { url: (await music.album(track.album.id, { scope }))?.coverUrl ?? null };
}

export type MediaKind = 'genre' | 'playlist';

/** The name behind `/media/images/<kind>/<id>.svg`, or null when there is no such item. */
export async function mediaName(
  music: MusicDriver,
  kind: MediaKind,
  id: number,
  scope?: RequestScope,
): Promise<string | null> {
  if (kind === 'genre') return (await music.genres({ scope })).find((g) => g.id === id)?.name ?? null;
  return (await music.playlist(id, { scope }))?.title ?? null;
}
