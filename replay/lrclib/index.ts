/**
 * @module
 * LRCLIB (https://lrclib.net/docs) for the replay, mounted at `/lrclib`, checking what LRCLIB
 * checks and no more (its server, github.com/tranxuanthang/lrclib, `routes/` and `utils.rs`):
 * `GET /api/get` needs `artist_name` and `track_name` (400 when one is missing or empty, or
 * when `duration` is no number from 1 to 3600); a name that folds to nothing matches no record
 * (404 `TrackNotFound`, as LRCLIB answers a name its own folding empties), and an album that does
 * narrows nothing. `GET /api/get/{id}`, and `GET /api/search` (`q` across titles, artists and
 * albums, or `track_name` with `artist_name`/`album_name`; at most 20 records; neither, or
 * both folding to nothing, an empty list, never a 400). Records are record-shaped, from
 * `test/fixtures/knowledge/lrclib.json` (its provenance line says how). Names are folded as
 * Sleeve folds them (D15), LRCLIB's folding being much the same; `duration` matches within 2 s
 * as its docs say.
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

/**
 * What LRCLIB's `/api/get` refuses (400) before it looks: a required name missing (its query
 * cannot be read) or empty (`cannot be empty`), a duration that is no number or out of 1-3600.
 * A name of spaces or punctuation alone passes: LRCLIB answers it 404.
 */
function refusedGet(params: URLSearchParams): string | undefined {
  for (const name of ['track_name', 'artist_name']) {
    const value = params.get(name);
    if (value === null) return `Failed to deserialize query string: missing field \`${name}\``;
    if (value === '') return `${name}: cannot be empty`;
  }
  const duration = params.get('duration');
  if (duration === null) return undefined;
  const seconds = Number(duration);
  if (duration.trim() === '' || !Number.isFinite(seconds)) return 'Failed to deserialize query string: duration';
  return seconds < 1 || seconds > 3600 ? 'duration: must be between 1 and 3600' : undefined;
}

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
        const refused = refusedGet(params);
        if (refused !== undefined) return error(400, 'ValidationError', refused, 'notfound');
        const artist = folded(params.get('artist_name'));
        const track = folded(params.get('track_name'));
        if (artist === '' || track === '') return notFound();
        const album = folded(params.get('album_name'));
        const duration = params.get('duration');
        const record = records.find(
          (r) =>
            folded(r.artistName) === artist &&
            folded(r.trackName) === track &&
            (album === '' || folded(r.albumName) === album) &&
            (duration === null || Math.abs(r.duration - Number(duration)) <= 2),
        );
        return record === undefined ? notFound() : json(200, JSON.stringify(record), 'ok');
      }
      if (path === '/api/search') {
        const q = folded(params.get('q'));
        const track = folded(params.get('track_name'));
        if (q === '' && track === '') return json(200, '[]', 'ok');
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
