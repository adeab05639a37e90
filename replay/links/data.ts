/**
 * @module
 * What the links replay knows, read once per process from `test/fixtures/links-upstreams/`
 * (see its PROVENANCE.md): the recorded Spotify Web API and iTunes Lookup answers, kept
 * byte-for-byte, and the record-shaped items of `record-shaped.json`, each naming what it was
 * built from. Spotify items recorded by the Web API are read from those answers, so their
 * oEmbed answer and page say exactly what the recording says.
 */
import { readdirSync, readFileSync } from 'node:fs';

const LINKS_FIXTURES: URL = new URL('../../test/fixtures/links-upstreams/', import.meta.url);

type Json = Record<string, unknown>;

interface SpotifyArtist {
  id: string | null;
  name: string;
}

export interface SpotifyItem {
  type: 'track' | 'album' | 'artist' | 'playlist';
  id: string;
  title: string;
  artists: SpotifyArtist[];
  /** A track's album. */
  album: { id: string | null; title: string; releaseDate: string | null; type: string } | null;
  durationMs: number | null;
  trackNumber: number | null;
  isrc: string | null;
  upc: string | null;
  releaseDate: string | null;
  albumType: string | null;
  totalTracks: number | null;
  owner: string | null;
  /** Cover or picture, when a recording gives one. */
  image: { url: string; width: number; height: number } | null;
  /** The Web API's answer for the item (`/v1/<type>s/<id>`): recorded, or taken from a recorded batch. */
  apiBody: string | null;
}

interface ItunesRecording {
  country: string;
  /** The recorded answer, byte-for-byte (it asked `entity=song&limit=200`). */
  text: string;
  results: Json[];
}

export interface YoutubeItem {
  /** A video id, or a list id (`list`). */
  id?: string;
  list?: string;
  title?: string;
  author_name?: string;
  author_url?: string;
  /** Answered instead of a body (401: private or unembeddable). */
  status?: number;
}

export interface SoundcloudItem {
  path: string;
  title: string;
  author_name: string;
  author_url: string;
  kind: 'track' | 'set' | 'user';
}

interface ShortLink {
  /** `<host>/<path>` without the leading slash. */
  link: string;
  status: number;
  location: string | null;
}

export interface LinksData {
  spotify: Map<string, SpotifyItem>;
  /** `/v1/...?query` as asked → recorded body, for answers recorded as such. */
  spotifyRecorded: Map<string, string>;
  itunes: ItunesRecording[];
  itunesShaped: Json[];
  youtube: YoutubeItem[];
  youtubeChannels: { id: string; ogTitle: string }[];
  soundcloud: Map<string, SoundcloudItem>;
  shortLinks: Map<string, ShortLink>;
}

const read = (file: string): string => readFileSync(new URL(file, LINKS_FIXTURES), 'utf8');
const asObject = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
const text = (o: Json, field: string): string | null => (typeof o[field] === 'string' ? (o[field] as string) : null);
const num = (o: Json, field: string): number | null => (typeof o[field] === 'number' ? (o[field] as number) : null);

/** `spotify:<type>:<id>` of the recorded answers, with what the replay answers for them. */
function recordedSpotify(items: Map<string, SpotifyItem>, recorded: Map<string, string>): void {
  const artistsOf = (o: Json): SpotifyArtist[] =>
    (Array.isArray(o['artists']) ? o['artists'] : []).map((a) => ({
      id: text(asObject(a), 'id'),
      name: text(asObject(a), 'name') ?? '',
    }));
  const imageOf = (o: Json): SpotifyItem['image'] => {
    const images = Array.isArray(o['images']) ? o['images'].map(asObject) : [];
    const chosen = images.find((i) => num(i, 'width') === 300) ?? images[0];
    return chosen === undefined
      ? null
      : { url: text(chosen, 'url') ?? '', width: num(chosen, 'width') ?? 300, height: num(chosen, 'height') ?? 300 };
  };
  const addTrack = (track: Json, apiBody: string) => {
    const album = asObject(track['album']);
    const id = text(track, 'id')!;
    items.set(`track:${id}`, {
      type: 'track',
      id,
      title: text(track, 'name') ?? '',
      artists: artistsOf(track),
      album: {
        id: text(album, 'id'),
        title: text(album, 'name') ?? '',
        releaseDate: text(album, 'release_date'),
        type: text(album, 'album_type') ?? 'album',
      },
      durationMs: num(track, 'duration_ms'),
      trackNumber: num(track, 'track_number'),
      isrc: text(asObject(track['external_ids']), 'isrc'),
      upc: null,
      releaseDate: text(album, 'release_date'),
      albumType: null,
      totalTracks: null,
      owner: null,
      image: imageOf(album),
      apiBody,
    });
  };
  const addAlbum = (album: Json, apiBody: string) => {
    const id = text(album, 'id')!;
    items.set(`album:${id}`, {
      type: 'album',
      id,
      title: text(album, 'name') ?? '',
      artists: artistsOf(album),
      album: null,
      durationMs: null,
      trackNumber: null,
      isrc: null,
      upc: text(asObject(album['external_ids']), 'upc'),
      releaseDate: text(album, 'release_date'),
      albumType: text(album, 'album_type'),
      totalTracks: num(album, 'total_tracks'),
      owner: null,
      image: imageOf(album),
      apiBody,
    });
  };

  for (const file of readdirSync(new URL('recorded/', LINKS_FIXTURES))) {
    if (!file.startsWith('com.spotify.api_')) continue;
    const body = read(`recorded/${file}`);
    const parsed = asObject(JSON.parse(body));
    let match: RegExpExecArray | null;
    if ((match = /^com\.spotify\.api_v1_tracks_ids=(\w+)\.json$/.exec(file)) !== null) {
      recorded.set(`/v1/tracks?ids=${match[1]}`, body);
      const tracks = Array.isArray(parsed['tracks']) ? parsed['tracks'].map(asObject) : [];
      // The single-track endpoint answers the batch's one entry.
      for (const track of tracks) addTrack(track, JSON.stringify(track));
    } else if ((match = /^com\.spotify\.api_v1_tracks_(\w{22})\.json$/.exec(file)) !== null) {
      recorded.set(`/v1/tracks/${match[1]}`, body);
      addTrack(parsed, body);
    } else if ((match = /^com\.spotify\.api_v1_albums_(\w{22})\.json$/.exec(file)) !== null) {
      recorded.set(`/v1/albums/${match[1]}`, body);
      addAlbum(parsed, body);
    } else if (
      (match = /^com\.spotify\.api_v1_albums_(\w{22})_tracks_offset=(\d+)_limit=(\d+)_locale=\.json$/.exec(file)) !==
      null
    ) {
      recorded.set(`/v1/albums/${match[1]}/tracks?offset=${match[2]}&limit=${match[3]}`, body);
    } else if ((match = /^com\.spotify\.api_v1_search_type=album_q=upc_(\d+)\.json$/.exec(file)) !== null) {
      recorded.set(`/v1/search?type=album&q=upc:${match[1]}`, body);
    }
  }
}

function shapedSpotify(entries: Json[], items: Map<string, SpotifyItem>): void {
  for (const e of entries) {
    const type = text(e, 'type') as SpotifyItem['type'];
    const id = text(e, 'id')!;
    const album = e['album'] === null || e['album'] === undefined ? null : asObject(e['album']);
    items.set(`${type}:${id}`, {
      type,
      id,
      title: text(e, 'title') ?? '',
      artists: (Array.isArray(e['artists']) ? e['artists'] : []).map((a) => ({
        id: text(asObject(a), 'id'),
        name: text(asObject(a), 'name') ?? '',
      })),
      album:
        album === null
          ? null
          : {
              id: text(album, 'id'),
              title: text(album, 'title') ?? '',
              releaseDate: text(album, 'releaseDate'),
              type: text(album, 'type') ?? 'album',
            },
      durationMs: num(e, 'durationMs'),
      trackNumber: num(e, 'trackNumber'),
      isrc: text(e, 'isrc'),
      upc: text(e, 'upc'),
      releaseDate: text(e, 'releaseDate') ?? (album === null ? null : text(album, 'releaseDate')),
      albumType: text(e, 'albumType'),
      totalTracks: num(e, 'totalTracks'),
      owner: text(e, 'owner'),
      image: null,
      apiBody: null,
    });
  }
}

let loaded: LinksData | undefined;

export function linksData(): LinksData {
  if (loaded !== undefined) return loaded;
  const shaped = asObject(JSON.parse(read('record-shaped.json')));
  const list = (key: string): Json[] => (Array.isArray(shaped[key]) ? shaped[key].map(asObject) : []);
  const spotify = new Map<string, SpotifyItem>();
  const spotifyRecorded = new Map<string, string>();
  recordedSpotify(spotify, spotifyRecorded);
  shapedSpotify(list('spotify'), spotify);

  const itunes: ItunesRecording[] = [];
  for (const file of readdirSync(new URL('recorded/', LINKS_FIXTURES))) {
    const match = /^com\.apple\.itunes_lookup_.*_country=([a-z]{2})\.json$/.exec(file);
    if (match === null) continue;
    const body = read(`recorded/${file}`);
    const results = asObject(JSON.parse(body))['results'];
    itunes.push({ country: match[1]!, text: body, results: Array.isArray(results) ? results.map(asObject) : [] });
  }
  const strip = (o: Json): Json => Object.fromEntries(Object.entries(o).filter(([k]) => k !== 'provenance'));

  loaded = {
    spotify,
    spotifyRecorded,
    itunes,
    itunesShaped: list('itunes').map(strip),
    youtube: list('youtube').map((o) => strip(o) as YoutubeItem),
    youtubeChannels: list('youtubeChannels').map((o) => ({
      id: text(o, 'id') ?? '',
      ogTitle: text(o, 'ogTitle') ?? '',
    })),
    soundcloud: new Map(
      list('soundcloud').map((o) => [(text(o, 'path') ?? '').toLowerCase(), strip(o) as unknown as SoundcloudItem]),
    ),
    shortLinks: new Map(
      list('shortLinks').map((o) => [
        text(o, 'link') ?? '',
        { link: text(o, 'link') ?? '', status: num(o, 'status') ?? 302, location: text(o, 'location') },
      ]),
    ),
  };
  return loaded;
}
