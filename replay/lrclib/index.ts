/**
 * @module
 * LRCLIB (https://lrclib.net/docs) for the replay, mounted at `/lrclib`: `GET /api/get`
 * (`artist_name` and `track_name` required, `album_name` and `duration` narrowing; 400 without
 * the required ones, 404 `TrackNotFound` when no record matches), `GET /api/get/{id}` and
 * `GET /api/search` (`q` across titles, artists and albums, or `track_name` with
 * `artist_name`/`album_name`; 400 without either; at most 20 records). Records are
 * record-shaped, from `test/fixtures/knowledge/lrclib.json` (its provenance line says how).
 * Matching is case-insensitive, as LRCLIB's is; `duration` matches within 2 s as its docs say.
 */
import { readFileSync } from 'node:fs';
import { fold } from '../../core/text/fold.ts';
import { json, type Answer, type Upstream } from '../contract.ts';

export const KNOWLEDGE_FIXTURES: URL = new URL('../../test/fixtures/knowledge/', import.meta.url);

/** One recorded LRCLIB record, as its `/api/get` answers it. */
export interface LrclibRecord {
  id: number;
  trackName: string;
  artistName: string;
  albumName: string;
  duration: number;
  instrumental: boolean;
  plainLyrics: string | null;
  syncedLyrics: string | null;
}

/** Names compared as Sleeve compares them (D15); a missing parameter is empty. */
const folded = (text: string | null): string => fold(text ?? '');
const error = (status: number, name: string, message: string, kind: Answer['kind']): Answer =>
  json(status, JSON.stringify({ code: status, name, message }), kind);
const notFound = (): Answer => error(404, 'TrackNotFound', 'Failed to find specified track', 'notfound');

export function lrclibUpstream(): Upstream {
  const { records } = JSON.parse(readFileSync(new URL('lrclib.json', KNOWLEDGE_FIXTURES), 'utf8')) as {
    records: LrclibRecord[];
  };
  return {
    answer({ method, path, params }) {
      if (method !== 'GET') return error(405, 'MethodNotAllowed', 'Method not allowed', 'notfound');
      const byId = /^\/api\/get\/(\d+)$/.exec(path);
      if (byId !== null) {
        const record = records.find((r) => r.id === Number(byId[1]));
        return record === undefined ? notFound() : json(200, JSON.stringify(record), 'ok');
      }
      if (path === '/api/get') {
        const artist = folded(params.get('artist_name'));
        const track = folded(params.get('track_name'));
        if (artist === '' || track === '')
          return error(400, 'ValidationError', 'artist_name and track_name are required', 'notfound');
        const album = params.get('album_name');
        const duration = params.get('duration');
        const record = records.find(
          (r) =>
            folded(r.artistName) === artist &&
            folded(r.trackName) === track &&
            (album === null || folded(r.albumName) === folded(album)) &&
            (duration === null || Math.abs(r.duration - Number(duration)) <= 2),
        );
        return record === undefined ? notFound() : json(200, JSON.stringify(record), 'ok');
      }
      if (path === '/api/search') {
        const q = folded(params.get('q'));
        const track = folded(params.get('track_name'));
        if (q === '' && track === '')
          return error(400, 'ValidationError', 'either q or track_name is required', 'notfound');
        const artist = folded(params.get('artist_name'));
        const album = folded(params.get('album_name'));
        const found = records.filter(
          (r) =>
            (q === '' || [r.trackName, r.artistName, r.albumName].some((field) => folded(field).includes(q))) &&
            (track === '' || folded(r.trackName).includes(track)) &&
            (artist === '' || folded(r.artistName).includes(artist)) &&
            (album === '' || folded(r.albumName).includes(album)),
        );
        return json(200, JSON.stringify(found.slice(0, 20)), 'ok');
      }
      return error(404, 'NotFound', 'Not found', 'notfound');
    },
    quotaExceeded: () => error(429, 'TooManyRequests', 'Too many requests', 'quota'),
    error200: () =>
      json(200, JSON.stringify({ code: 500, name: 'InternalServerError', message: 'Something went wrong' }), 'fault'),
  };
}
