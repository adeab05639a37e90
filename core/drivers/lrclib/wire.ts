/**
 * @module
 * LRCLIB's record, as its API documents it (https://lrclib.net/docs: `GET /api/get`,
 * `/api/get/{id}` and each item of `/api/search`): `id`, `trackName`, `artistName`,
 * `albumName`, `duration` (seconds, may carry a fraction), `instrumental`, `plainLyrics` and
 * `syncedLyrics` (LRC), both null when the record has no such text. Anything else is a
 * `WireError` (a 502 naming the driver).
 */
import { strictList, type ShapeList } from '../shared/listing.ts';
import { isRecord, WireError } from '../shared/wire.ts';
import type { Lyrics } from '../../domain/lyrics.ts';

function text(record: Record<string, unknown>, field: string): string | null {
  const value = record[field];
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') throw new WireError(`${field} is not text`);
  return value === '' ? null : value;
}

export function lyricsRecord(body: unknown): Lyrics {
  if (!isRecord(body)) throw new WireError('a record is not an object');
  const { id, duration, instrumental } = body;
  if (typeof id !== 'number' || !Number.isInteger(id)) throw new WireError('id is not an integer');
  const title = text(body, 'trackName') ?? text(body, 'name');
  const artist = text(body, 'artistName');
  if (title === null || artist === null) throw new WireError('trackName or artistName is missing');
  if (duration !== null && duration !== undefined && (typeof duration !== 'number' || !(duration >= 0)))
    throw new WireError('duration is not a number of seconds');
  if (instrumental !== undefined && typeof instrumental !== 'boolean')
    throw new WireError('instrumental is not a boolean');
  const plain = text(body, 'plainLyrics');
  const synced = text(body, 'syncedLyrics');
  return {
    id,
    title,
    artist,
    album: text(body, 'albumName'),
    duration: typeof duration === 'number' ? duration : null,
    instrumental: instrumental ?? (plain === null && synced === null),
    plain,
    synced,
  };
}

/** A search's records; `shape` maps them (the driver's leaves an odd one out). */
export function lyricsRecords(body: unknown, shape: ShapeList = strictList): Lyrics[] {
  if (!Array.isArray(body)) throw new WireError('a search did not answer a list');
  return shape(body, 'lyrics search', lyricsRecord);
}
