/** @module One `/artist/albums` page; `next` asks for the following one by id. */
import type { ArtistAlbumsBody } from '../../schemas/responses/music/albums.ts';
import type { Artist, Page, AlbumHit } from '../../domain/music.ts';
import { discographyRelease } from './album.ts';

export function artistAlbumsBody(
  artist: Artist,
  page: Page<AlbumHit>,
  index: number,
  limit: number,
  base: string,
): ArtistAlbumsBody {
  const after = index + page.items.length;
  const more = page.items.length > 0 && after < page.total;
  return {
    artist: artist.name,
    artistId: artist.id,
    total: page.total,
    index,
    albums: page.items.map((a) => discographyRelease(a, base)),
    next: more ? `${base}/artist/albums?id=${artist.id}&index=${after}&limit=${limit}` : null,
  };
}
