/**
 * @module
 * D16: an artist's whole catalogue (paged through `artistAlbums`), grouped by
 * the record type each release was filed under, newest first with undated releases last.
 * `counts` and `total` are before `limit`; `activeFrom`/`activeTo` are years as strings.
 */
import type { AlbumHit, ArtistRef, RecordType } from '../../domain/music.ts';
import type { MusicDriver } from '../../drivers/contracts/music.ts';
import { allPages } from './paging.ts';
import type { RequestScope } from '../../drivers/contracts/driver.ts';

const GROUPS: Readonly<Record<RecordType, 'albums' | 'singles' | 'eps' | 'compilations'>> = {
  album: 'albums',
  single: 'singles',
  ep: 'eps',
  compilation: 'compilations',
};
export type GroupName = (typeof GROUPS)[RecordType];

export interface Discography {
  total: number;
  counts: Record<GroupName, number>;
  activeFrom: string | null;
  activeTo: string | null;
  groups: Partial<Record<GroupName, AlbumHit[]>>;
}

/** Every release of `artist`, found already (a driver need not look it up again). */
export function allReleases(music: MusicDriver, artist: ArtistRef, scope?: RequestScope): Promise<AlbumHit[]> {
  return allPages((offset, limit) => music.artistAlbums(artist.id, { limit, offset, scope, artist }));
}

/** Newest first; undated last; equal dates keep the driver's order (Array.prototype.sort is stable). */
export function newestFirst(a: Pick<AlbumHit, 'releaseDate'>, b: Pick<AlbumHit, 'releaseDate'>): number {
  if (a.releaseDate === b.releaseDate) return 0;
  if (a.releaseDate === null) return 1;
  if (b.releaseDate === null) return -1;
  return a.releaseDate < b.releaseDate ? 1 : -1;
}

export function groupDiscography(releases: readonly AlbumHit[], limit: number, only?: RecordType): Discography {
  const unique = [...new Map(releases.map((r) => [r.id, r])).values()];
  const counts: Record<GroupName, number> = { albums: 0, singles: 0, eps: 0, compilations: 0 };
  for (const r of unique) counts[GROUPS[r.recordType]]++;
  const years = unique.flatMap((r) => (r.releaseDate ? [r.releaseDate.slice(0, 4)] : [])).sort();
  const groups: Partial<Record<GroupName, AlbumHit[]>> = {};
  for (const type of Object.keys(GROUPS) as RecordType[]) {
    if (only && type !== only) continue;
    groups[GROUPS[type]] = unique
      .filter((r) => r.recordType === type)
      .sort(newestFirst)
      .slice(0, limit);
  }
  return { total: unique.length, counts, activeFrom: years[0] ?? null, activeTo: years.at(-1) ?? null, groups };
}
