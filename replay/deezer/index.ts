/**
 * @module
 * The Deezer upstream of the replay: answers Deezer API paths the way api.deezer.com does,
 * from recorded bodies. A request recorded as such gets its recording (paged as asked);
 * anything else is built from the index of everything the recordings mention, in Deezer's
 * shape for that path, or gets Deezer's own "no data" error when the recordings cannot
 * honestly say (a track seen only inside a chart has no ISRC, BPM or release date).
 */
import { readFileSync } from 'node:fs';
import { DEEZER_ORIGIN, FIXTURES_DIR, isRecord, loadRecordings, type Recording } from './fixtures.ts';
import { DeezerIndex, type Kind } from './search-index.ts';
import { page, pageRequest } from './paging.ts';
import { RecordedAnswers, type RecordedAnswer } from './recorded.ts';
import {
  ALBUM_HIT,
  ALBUM_TRACK,
  ARTIST,
  ARTIST_ALBUM,
  ARTIST_HIT,
  CHART_ALBUM,
  EDITORIAL_RELEASE,
  PLAYLIST_HIT,
  TOP_TRACK,
  TRACK_HIT,
  type Shape,
} from './shapes.ts';
import { json, type Answer, type Upstream } from '../contract.ts';

/** Deezer's documented limit for the public API: 50 requests per 5 seconds. */
export const DEEZER_QUOTA: { limit: number; windowMs: number } = { limit: 50, windowMs: 5000 };

const fixture = (file: string): string => readFileSync(new URL(file, FIXTURES_DIR), 'utf8');
const NO_DATA = fixture('track--1.json');
const NOT_FOUND = fixture('does-not-exists.json');
const QUOTA = fixture('error-quota-exceeded.json');
const ERROR_200 = '{"error":{"type":"Exception","message":"An error occurred","code":100}}';

const HIT_SHAPES: Readonly<Record<Kind, Shape>> = {
  track: TRACK_HIT,
  album: ALBUM_HIT,
  artist: ARTIST_HIT,
  playlist: PLAYLIST_HIT,
};

/** Deezer routes this replay knows; those without an answer of their own get "no data". */
const KNOWN_ROUTE = new RegExp(
  '^/(?:track/[^/]+|album/[^/]+(?:/tracks)?|playlist/[^/]+(?:/tracks)?|artist/[^/]+(?:/(?:top|albums|related))?' +
    '|genre(?:/[^/]+(?:/artists)?)?|chart(?:/[^/]+(?:/(?:tracks|albums|artists|playlists))?)?' +
    '|editorial(?:/[^/]+(?:/(?:releases|charts|selection))?)?|search(?:/(?:track|album|artist|playlist))?)$',
);

interface Loaded {
  recorded: RecordedAnswers;
  index: DeezerIndex;
  recordings: Recording[];
}

/** The fixtures are read once per process: every replay started in a test run shares them. */
let loaded: Loaded | undefined;

function load(): Loaded {
  if (loaded === undefined) {
    const recordings = loadRecordings();
    loaded = { recordings, recorded: new RecordedAnswers(recordings), index: new DeezerIndex(recordings) };
  }
  return loaded;
}

export function deezerUpstream(): Upstream {
  const fixtures = load();
  return {
    answer({ method, path, params, baseUrl }) {
      if (method !== 'GET') return json(404, NOT_FOUND, 'notfound');
      const reply = fixtures.recorded.answer(path, params) ?? built(fixtures, path, params);
      return reply === undefined ? json(404, NOT_FOUND, 'notfound') : toAnswer(reply, baseUrl);
    },
    quotaExceeded: () => json(200, QUOTA, 'quota'),
    error200: () => json(200, ERROR_200, 'fault'),
  };
}

function built({ index, recordings }: Loaded, path: string, params: URLSearchParams): RecordedAnswer | undefined {
  const at = pageRequest(path, params);
  let match: RegExpExecArray | null;
  if ((match = /^\/search(?:\/(track|album|artist|playlist))?$/.exec(path)) !== null) {
    // `strict=on` changes nothing (matching is already strict); `ordering` is not applied.
    const kind = (match[1] ?? 'track') as Kind;
    const hits = index.search(kind, params.get('q') ?? '').map((hit) => index.render(hit.fields, HIT_SHAPES[kind]));
    return ok(page(hits, hits.length, at));
  }
  if ((match = /^\/track\/isrc:([A-Za-z0-9]+)$/.exec(path)) !== null) {
    const recording = index.trackByIsrc(match[1] ?? '');
    return recording === undefined ? noData() : { status: 200, body: recording.body, text: recording.text };
  }
  if ((match = /^\/album\/upc:(\d+)$/.exec(path)) !== null) {
    // Deezer answers the album body itself for `upc:`, as it does for `isrc:` on tracks.
    const upc = match[1];
    const album = index
      .all('album')
      .map((a) => index.full('album', a.id))
      .find((body) => body?.['upc'] === upc);
    return album === undefined ? noData() : ok(album);
  }
  if ((match = /^\/artist\/(\d+)$/.exec(path)) !== null) return artist(index, Number(match[1]));
  if ((match = /^\/artist\/(\d+)\/(top|albums|related)$/.exec(path)) !== null) {
    const id = Number(match[1]);
    if (index.get('artist', id) === undefined) return noData();
    // Nothing recorded says who is related to an artist other than Daft Punk.
    const items =
      match[2] === 'top'
        ? index.tracksBy(id).map((track) => index.render(track.fields, TOP_TRACK))
        : match[2] === 'albums'
          ? index.albumsBy(id).map((album) => index.render(album.fields, ARTIST_ALBUM))
          : [];
    return ok(page(items, items.length, at));
  }
  if ((match = /^\/album\/(\d+)\/tracks$/.exec(path)) !== null) {
    const tracks = albumTracks(index, Number(match[1]));
    return tracks === undefined ? noData() : ok(page(tracks, tracks.length, at));
  }
  if ((match = /^\/chart\/(\d+)\/albums$/.exec(path)) !== null) {
    // A genre's album chart nobody recorded: the recorded albums filed under that genre, most fans first.
    const genreId = Number(match[1]);
    const albums = index
      .all('album')
      .filter((album) => album.fields['genre_id'] === genreId && isRecord(album.fields['artist']))
      .sort((a, b) => Number(b.fields['fans'] ?? 0) - Number(a.fields['fans'] ?? 0) || a.id - b.id)
      .map((album, i) => index.render({ ...album.fields, position: i + 1 }, CHART_ALBUM));
    return ok(page(albums, albums.length, at));
  }
  if (path === '/editorial/0/releases') {
    // Nobody recorded the "All" editorial's releases: every dated album the recordings show, newest first.
    const albums = index
      .all('album')
      .filter((album) => typeof album.fields['release_date'] === 'string' && isRecord(album.fields['artist']))
      .sort((a, b) => String(b.fields['release_date']).localeCompare(String(a.fields['release_date'])) || a.id - b.id)
      .map((album) => index.render(album.fields, EDITORIAL_RELEASE));
    return ok(page(albums, albums.length, at));
  }
  if ((match = /^\/(genre|editorial)\/(\d+)$/.exec(path)) !== null) {
    // /genre and /editorial list every genre in the very shape of /genre/{id}, /editorial/{id}.
    const [, listPath, id] = match;
    const listing = recordings.find((r) => r.path === `/${listPath}` && r.params.size === 0)?.body;
    const item =
      isRecord(listing) && Array.isArray(listing['data'])
        ? listing['data'].find((entry: unknown) => isRecord(entry) && entry['id'] === Number(id))
        : undefined;
    return item === undefined ? noData() : ok(item);
  }
  return KNOWN_ROUTE.test(path) ? noData() : undefined;
}

/**
 * An artist seen with its fan and album counts (in a search or a related list) lacks only
 * the `share` link of a full body, which Deezer builds from the id and the request time:
 * it is built the same way, timed when that artist was recorded.
 */
function artist(index: DeezerIndex, id: number): RecordedAnswer {
  const entity = index.get('artist', id);
  const fields = entity?.fields;
  if (
    fields === undefined ||
    entity?.recordedAt === undefined ||
    fields['nb_fan'] === undefined ||
    fields['nb_album'] === undefined ||
    typeof fields['link'] !== 'string'
  ) {
    return noData();
  }
  const share = `${fields['link']}?utm_source=deezer&utm_content=artist-${id}&utm_term=0_${Math.floor(entity.recordedAt / 1000)}&utm_medium=web`;
  return ok(index.render({ ...fields, share }, ARTIST));
}

/**
 * /album/{id}/tracks items carry each track's ISRC and position, which an album body's
 * embedded tracklist lacks: built only when every track's are recorded elsewhere.
 */
function albumTracks(index: DeezerIndex, id: number): unknown[] | undefined {
  const album = index.full('album', id);
  const embedded = isRecord(album?.['tracks']) ? album['tracks']['data'] : undefined;
  if (!Array.isArray(embedded) || embedded.length !== album?.['nb_tracks']) return undefined;
  const tracks = embedded.map((item: unknown) =>
    isRecord(item) && typeof item['id'] === 'number' ? index.get('track', item['id']) : undefined,
  );
  const complete = tracks.every(
    (track) =>
      track !== undefined && ['isrc', 'track_position', 'disk_number'].every((key) => track.fields[key] !== undefined),
  );
  return complete ? tracks.map((track) => index.render(track?.fields ?? {}, ALBUM_TRACK)) : undefined;
}

function ok(body: unknown): RecordedAnswer {
  return { status: 200, body };
}

function noData(): RecordedAnswer {
  return { status: 200, body: JSON.parse(NO_DATA) as unknown, text: NO_DATA };
}

function toAnswer(reply: RecordedAnswer, baseUrl: string): Answer {
  const text = pointAt(reply.text ?? JSON.stringify(reply.body), baseUrl);
  const error = isRecord(reply.body) ? reply.body['error'] : undefined;
  const kind =
    reply.status === 404
      ? 'notfound'
      : error === undefined
        ? 'ok'
        : isRecord(error) && error['code'] === 4
          ? 'quota'
          : 'error800';
  return json(reply.status, text, kind);
}

/** Every api.deezer.com URL in a body (`next`, `tracklist`…) leads back to the replay, escaped or not. */
function pointAt(text: string, baseUrl: string): string {
  const origin = DEEZER_ORIGIN.replace(/^https:\/\//, '').replaceAll('.', '\\.');
  return text.replace(new RegExp(`https:(\\\\?)/\\1/${origin}`, 'g'), (_match, slash: string) =>
    baseUrl.replaceAll('/', `${slash}/`),
  );
}
