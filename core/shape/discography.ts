/** @module Spec §4.5 and D16: the `/artist/discography` body; with `type`, only that group's array. */
import type { GroupName, Discography } from '../services/discography.ts';
import type { Artist } from '../sources/types.ts';
import { discographyRelease, type DiscographyRelease } from './album.ts';

export interface DiscographyBody extends Partial<Record<GroupName, DiscographyRelease[]>> {
  artist: string;
  artistId: number;
  total: number;
  counts: Record<GroupName, number>;
  activeFrom: string | null;
  activeTo: string | null;
}

export function discographyBody(artist: Artist, d: Discography, base: string): DiscographyBody {
  const body: DiscographyBody = {
    artist: artist.name, artistId: artist.id, total: d.total, counts: { ...d.counts }, activeFrom: d.activeFrom, activeTo: d.activeTo,
  };
  for (const [name, releases] of Object.entries(d.groups) as [GroupName, NonNullable<Discography['groups'][GroupName]>][]) {
    body[name] = releases.map((r) => discographyRelease(r, base));
  }
  return body;
}
