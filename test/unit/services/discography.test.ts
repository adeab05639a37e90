import { describe, expect, it } from 'vitest';
import { allReleases, groupDiscography } from '../../../core/services/music/discography.ts';
import type { Album } from '../../../core/domain/music.ts';
import type { MusicDriver } from '../../../core/drivers/contracts/music.ts';
import { album } from '../../helpers/domain.ts';

const releases: Album[] = [
  album({ id: 1, recordType: 'album', releaseDate: '2001-03-01' }),
  album({ id: 2, recordType: 'album', releaseDate: null }),
  album({ id: 3, recordType: 'album', releaseDate: '2019-01-01' }),
  album({ id: 4, recordType: 'single', releaseDate: '2010-06-01' }),
  album({ id: 5, recordType: 'ep', releaseDate: '1998-12-31' }),
  album({ id: 6, recordType: 'album', releaseDate: '2005-01-01' }),
];

describe('D16 discography grouping', () => {
  it('groups by record type, newest first, undated last', () => {
    const d = groupDiscography(releases, 200);
    expect(d.groups.albums?.map((a) => a.id)).toEqual([3, 6, 1, 2]);
    expect(d.groups.singles?.map((a) => a.id)).toEqual([4]);
    expect(d.groups.eps?.map((a) => a.id)).toEqual([5]);
    expect(d.groups.compilations).toEqual([]);
  });

  it('counts and total are before the limit; years span every dated release', () => {
    const d = groupDiscography(releases, 1);
    expect(d.groups.albums?.map((a) => a.id)).toEqual([3]);
    expect(d.counts).toEqual({ albums: 4, singles: 1, eps: 1, compilations: 0 });
    expect(d.total).toBe(6);
    expect([d.activeFrom, d.activeTo]).toEqual(['1998', '2019']);
  });

  it('with a type, only that group is present', () => {
    expect(Object.keys(groupDiscography(releases, 200, 'single').groups)).toEqual(['singles']);
  });

  it('has null years when nothing is dated, and drops a release listed twice', () => {
    const d = groupDiscography([album({ id: 9, releaseDate: null }), album({ id: 9, releaseDate: null })], 10);
    expect([d.activeFrom, d.activeTo, d.total]).toEqual([null, null, 1]);
  });

  it('pages through the whole catalogue', async () => {
    const all = Array.from({ length: 250 }, (_, i) => album({ id: i + 1 }));
    const calls: number[] = [];
    const music = {
      artistAlbums: async (_id: number, o: { limit: number; offset?: number }) => {
        calls.push(o.offset ?? 0);
        return { items: all.slice(o.offset ?? 0, (o.offset ?? 0) + o.limit), total: all.length };
      },
    } as unknown as MusicDriver;
    expect((await allReleases(music, { id: 1, name: 'One' })).map((a) => a.id)).toEqual(all.map((a) => a.id));
    expect(calls).toEqual([0, 100, 200]);
  });
});
