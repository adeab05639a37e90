/** @module The `/artist/discography` body (D16); with `type`, only that group's array. */
import type { DiscographyBody } from '../../schemas/responses/music/albums.ts';
import type { GroupName, Discography } from '../../services/music/discography.ts';
import type { Artist } from '../../domain/music.ts';
import { discographyRelease } from './album.ts';

export function discographyBody(artist: Artist, d: Discography, base: string): DiscographyBody {
  const body: DiscographyBody = {
    artist: artist.name,
    artistId: artist.id,
    total: d.total,
    counts: { ...d.counts },
    activeFrom: d.activeFrom,
    activeTo: d.activeTo,
  };
  for (const [name, releases] of Object.entries(d.groups) as [
    GroupName,
    NonNullable<Discography['groups'][GroupName]>,
  ][]) {
    body[name] = releases.map((r) => discographyRelease(r, base));
  }
  return body;
}
