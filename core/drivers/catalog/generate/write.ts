/**
 * @module
 * Catalogue data to the file format: the header line, then records by kind. Lines come one by
 * one, so a million-track file is written without building one giant string. Key order is the
 * records' construction order, so equal data gives byte-identical files.
 */
import type { CatalogData } from '../format.ts';

export function* catalogLines(data: CatalogData): Generator<string> {
  yield JSON.stringify(data.header);
  for (const kind of [data.genres, data.artists, data.albums, data.tracks, data.playlists, data.charts]) {
    for (const record of kind) yield JSON.stringify(record);
  }
  yield JSON.stringify({ type: 'newReleases', albumIds: data.newReleases });
}

/** The whole file as one string: for small catalogues and tests. */
export function catalogText(data: CatalogData): string {
  let text = '';
  for (const line of catalogLines(data)) text += `${line}\n`;
  return text;
}
