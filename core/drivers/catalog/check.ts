/**
 * @module
 * Checks across records that no single-record schema can make: unique ids and ISRCs, and every
 * reference (a track's album and artists, a playlist's tracks, ...) naming a record that exists.
 * The first failure names its line, record and field.
 */
import { CatalogError, type LineIndex } from './parse.ts';
import type { CatalogData } from './format.ts';

type Kind = 'artist' | 'album' | 'track' | 'playlist' | 'chart';

export function checkCatalog(data: CatalogData, lines: LineIndex): void {
  const fail = (kind: Kind, index: number, label: string | number, message: string): never => {
    throw new CatalogError(`line ${lines[kind][index] ?? '?'} (${kind} ${label}), ${message}`);
  };
  const idsOf = (kind: Kind, records: readonly { id: number }[]): Set<number> => {
    const seen = new Set<number>();
    records.forEach((r, i) => {
      if (seen.has(r.id)) fail(kind, i, r.id, `field id: another ${kind} already has id ${r.id}`);
      seen.add(r.id);
    });
    return seen;
  };
  const artists = idsOf('artist', data.artists);
  const albums = idsOf('album', data.albums);
  const tracks = idsOf('track', data.tracks);
  idsOf('playlist', data.playlists);
  const refs = (
    kind: Kind,
    i: number,
    label: string | number,
    field: string,
    known: Set<number>,
    what: string,
    values: readonly number[],
  ): void => {
    for (const id of values) if (!known.has(id)) fail(kind, i, label, `field ${field}: no ${what} has id ${id}`);
  };
  if (!data.genres.some((g) => g.id === 0)) throw new CatalogError('genres: no genre with id 0 (All)');
  for (const [i, a] of data.artists.entries()) refs('artist', i, a.id, 'related', artists, 'artist', a.related);
  data.albums.forEach((a, i) => {
    refs('album', i, a.id, 'artistId', artists, 'artist', [a.artistId]);
    refs(
      'album',
      i,
      a.id,
      'contributors',
      artists,
      'artist',
      a.contributors.map((c) => c.id),
    );
  });
  const isrcs = new Set<string>();
  data.tracks.forEach((t, i) => {
    refs('track', i, t.id, 'albumId', albums, 'album', [t.albumId]);
    refs('track', i, t.id, 'artistId', artists, 'artist', [t.artistId]);
    refs('track', i, t.id, 'featured', artists, 'artist', t.featured);
    if (t.isrc === null && t.features !== null)
      fail('track', i, t.id, 'field features: a track without an ISRC cannot have features');
    if (t.isrc !== null && isrcs.has(t.isrc))
      fail('track', i, t.id, `field isrc: another track already has ISRC ${t.isrc}`);
    if (t.isrc !== null) isrcs.add(t.isrc);
  });
  for (const [i, p] of data.playlists.entries()) refs('playlist', i, p.id, 'trackIds', tracks, 'track', p.trackIds);
  for (const [i, c] of data.charts.entries()) refs('chart', i, c.country, 'trackIds', tracks, 'track', c.trackIds);
  const unknownRelease = data.newReleases.find((id) => !albums.has(id));
  if (unknownRelease !== undefined)
    throw new CatalogError(
      `line ${lines.newReleases[0] ?? '?'} (newReleases), field albumIds: no album has id ${unknownRelease}`,
    );
  if (!data.charts.some((c) => c.country === 'global'))
    throw new CatalogError('charts: no global chart (country "global")');
}
