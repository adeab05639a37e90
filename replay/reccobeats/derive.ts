/**
 * @module
 * Builds the ReccoBeats fixtures the one recording lacks: audio-feature records (and the
 * `/v1/track` records beside them) for every ISRC the Deezer replay holds, so live mode answers
 * `audioFeatures` for the tracks it can look up, offline. Written to
 * `test/fixtures/reccobeats/derived/`, with the table of derived values in PROVENANCE.md
 * rewritten between its markers. Run it again after changing it:
 * `npx tsx replay/reccobeats/derive.ts` (deterministic: same inputs, same bytes). The replay
 * test checks that the files on disk are what this script makes.
 *
 * How each value is derived is written out in PROVENANCE.md ("Derived files"); in short:
 * every 0..1 feature but energy, loudness, key and mode start from one of the four recorded
 * Spotify-era rows, chosen and nudged by a SHA-256 of the ISRC; energy and tempo are spread
 * evenly over 0.20..0.90 and 80..170 in orders fixed by SHA-256, so playlist filters have
 * something to filter; titles, durations and artists come from the Deezer fixtures.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

type Json = Record<string, unknown>;

export const RECCOBEATS_FIXTURES: URL = new URL('../../test/fixtures/reccobeats/', import.meta.url);
const DEEZER_FIXTURES = new URL('../../test/fixtures/deezer/', import.meta.url);
export const DERIVED_FEATURES_FILE = 'derived/audio-features.json';
export const DERIVED_TRACKS_FILE = 'derived/track.json';
const PROVENANCE = 'PROVENANCE.md';
const START = '<!-- derived values: written by replay/reccobeats/derive.ts -->';
const END = '<!-- end of derived values -->';

/** The ISRC answered by two records (two releases of one recording, different durations). */
export const TWO_RELEASE_ISRC = 'GBDUW0000059';
/** The record given key -1 ("no key detected"), to exercise that mapping. */
export const NO_KEY_ISRC = 'XXRPL2200018';

/** The Deezer fixtures whose tracks carry ISRCs, in the order they are read. */
const DEEZER_TRACK_FILES = [
  'track-3135556.json',
  'track-2947516331.json',
  'track-1425844092.json',
  'track-1724605597.json',
];
const DEEZER_LIST_FILES = [
  'album-302127-tracks.json',
  'derived/album-999000040-tracks.json',
  'derived/album-999000040-tracks__index-25.json',
];

/** The Spotify-era feature rows, in this order (file order within the batch file). */
const SPOTIFY_SINGLE = 'spotify-web-api/audio-features__06AKEBrKUckW0KREUWRnvT.json';
const SPOTIFY_BATCH =
  'spotify-web-api/audio-features__ids-4JpKVNYnVcJ8tuMKjAj50A,2NRANZE9UCmPAS5XVbXL40,24JygzOLM0EmRQeGtFcIcG.json';

/**
 * The one real ISRC↔Spotify mapping among these tracks: Spotify's own `GET /v1/tracks?ids=2plbrEY59IikOBgBGLjaoe`
 * (kellnerd/harmony testdata, in the team's shared link samples): Die With A Smile, 251667 ms, popularity 96.
 */
const KNOWN_SPOTIFY: Readonly<
  Record<string, { id: string; durationMs: number; popularity: number; artists: { name: string; spotifyId: string }[] }>
> = {
  USUM72409273: {
    id: '2plbrEY59IikOBgBGLjaoe',
    durationMs: 251667,
    popularity: 96,
    artists: [
      { name: 'Lady Gaga', spotifyId: '1HY2Jd0NmPuamShAr6KMms' },
      { name: 'Bruno Mars', spotifyId: '0du5cEVh5yTK9QJze8zA0C' },
    ],
  },
};

const UNIT_FIELDS = ['acousticness', 'danceability', 'instrumentalness', 'liveness', 'speechiness', 'valence'] as const;

interface Seen {
  isrc: string;
  title: string;
  /** Seconds, as Deezer gives it. */
  duration: number;
  artist: string;
  rank: number;
  bpm: number;
}

interface Release {
  isrc: string;
  title: string;
  durationMs: number;
  artists: { name: string; spotifyId: string }[];
  popularity: number;
  spotifyId: string;
  /** Distinguishes the second release of TWO_RELEASE_ISRC in every hash. */
  release: string;
}

const read = (base: URL, file: string): unknown => JSON.parse(readFileSync(new URL(file, base), 'utf8'));
const sha = (text: string): string => createHash('sha256').update(text).digest('hex');
/** A number in [0, 1) from a hash: the first 32 bits. */
const uniform = (text: string): number => parseInt(sha(text).slice(0, 8), 16) / 2 ** 32;
const round3 = (value: number): number => Math.round(value * 1000) / 1000;
const significant3 = (value: number): number => Number(value.toPrecision(3));
const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** A 22-character base-62 id shaped like Spotify's, from a hash (no such Spotify track is claimed). */
function spotifyLike(seed: string): string {
  let n = BigInt(`0x${sha(`spotify:${seed}`)}`);
  let out = '';
  for (let i = 0; i < 22; i++) {
    out += BASE62[Number(n % 62n)];
    n /= 62n;
  }
  return out;
}

/** A UUID in the v4 layout ReccoBeats uses, from a hash. */
function uuidOf(seed: string): string {
  const h = sha(`reccobeats:${seed}`);
  const variant = '89ab'[parseInt(h[16] ?? '0', 16) % 4];
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Every track of the Deezer fixtures that has an ISRC, first sighting wins (full records are read first). */
function deezerTracks(): Seen[] {
  const seen = new Map<string, Seen>();
  const add = (item: unknown) => {
    if (!isRecord(item) || typeof item['isrc'] !== 'string' || item['isrc'] === '') return;
    const isrc = item['isrc'].toUpperCase();
    if (seen.has(isrc)) return;
    const artist = isRecord(item['artist']) ? String(item['artist']['name']) : '';
    seen.set(isrc, {
      isrc,
      title: String(item['title']),
      duration: Number(item['duration']),
      artist,
      rank: Number(item['rank'] ?? 0),
      bpm: typeof item['bpm'] === 'number' ? item['bpm'] : 0,
    });
  };
  for (const file of DEEZER_TRACK_FILES) add(read(DEEZER_FIXTURES, file));
  for (const file of DEEZER_LIST_FILES) {
    const body = read(DEEZER_FIXTURES, file);
    if (!isRecord(body) || !Array.isArray(body['data'])) throw new Error(`${file}: no data list`);
    body['data'].forEach(add);
  }
  return [...seen.values()].sort((a, b) => a.isrc.localeCompare(b.isrc));
}

function releasesOf(track: Seen): Release[] {
  const known = KNOWN_SPOTIFY[track.isrc];
  const first: Release = {
    isrc: track.isrc,
    title: track.title,
    durationMs: known?.durationMs ?? track.duration * 1000,
    artists: known?.artists ?? [{ name: track.artist, spotifyId: spotifyLike(`artist:${track.artist}`) }],
    popularity: known?.popularity ?? Math.min(100, Math.round(track.rank / 10000)),
    spotifyId: known?.id ?? spotifyLike(track.isrc),
    release: track.isrc,
  };
  if (track.isrc !== TWO_RELEASE_ISRC) return [first];
  // A second release of the same recording: a shorter single edit on another release, listed first.
  const edit: Release = {
    ...first,
    title: `${track.title} (Edit)`,
    durationMs: 187000,
    popularity: Math.max(0, first.popularity - 30),
    spotifyId: spotifyLike(`${track.isrc}:edit`),
    release: `${track.isrc}:edit`,
  };
  return [edit, first];
}

/** The recorded Spotify-era rows the 0..1 features, loudness, key and mode start from. */
function spotifyRows(): Json[] {
  const single = read(RECCOBEATS_FIXTURES, SPOTIFY_SINGLE);
  const batch = read(RECCOBEATS_FIXTURES, SPOTIFY_BATCH);
  if (!isRecord(single) || !isRecord(batch) || !Array.isArray(batch['audio_features']))
    throw new Error('Spotify rows: unexpected shape');
  return [single, ...batch['audio_features'].filter(isRecord)];
}

/** Positions 0..n-1 of `items` ordered by the SHA-256 of `salt + key`. */
function ranks(keys: readonly string[], salt: string): Map<string, number> {
  const ordered = [...keys].sort((a, b) => sha(`${salt}${a}`).localeCompare(sha(`${salt}${b}`)));
  return new Map(ordered.map((key, index) => [key, index]));
}

export interface DerivedFiles {
  /** Relative to the fixtures folder → exact file text. */
  files: Map<string, string>;
  /** For the table: ISRC, record id, title, duration, energy, tempo, key, mode. */
  rows: {
    isrc: string;
    id: string;
    title: string;
    durationMs: number;
    energy: number;
    tempo: number;
    key: number;
    mode: number;
  }[];
}

export function derive(): DerivedFiles {
  const tracks = deezerTracks();
  const releases = tracks.flatMap(releasesOf);
  const rows = spotifyRows();
  const seeds = releases.map((r) => r.release);
  const n = seeds.length;
  const energyRank = ranks(seeds, 'energy:');
  const tempoRank = ranks(seeds, 'tempo:');
  const bpm = new Map(tracks.map((t) => [t.isrc, t.bpm]));

  const features: Json[] = [];
  const trackRecords: Json[] = [];
  const table: DerivedFiles['rows'] = [];
  for (const r of releases) {
    const row = rows[parseInt(sha(r.release).slice(0, 8), 16) % rows.length] ?? {};
    const p = energyRank.get(r.release) ?? 0;
    const q = tempoRank.get(r.release) ?? 0;
    const recordedBpm = bpm.get(r.isrc) ?? 0;
    const id = uuidOf(r.release);
    const href = `https://open.spotify.com/track/${r.spotifyId}`;
    const unit = Object.fromEntries(
      UNIT_FIELDS.map((field) => {
        const base = Number(row[field]);
        return [field, significant3(Math.min(1, Math.max(0, base * (0.85 + 0.3 * uniform(`${field}:${r.release}`)))))];
      }),
    );
    const energy = round3(0.2 + (0.7 * p) / (n - 1));
    const tempo = recordedBpm > 0 ? recordedBpm : round3(80 + (90 * q) / (n - 1));
    const key = r.isrc === NO_KEY_ISRC ? -1 : (Number(row['key']) + q) % 12;
    const mode = p % 2 === 0 ? Number(row['mode']) : 1 - Number(row['mode']);
    const loudness = round3(Math.min(-1, Number(row['loudness']) + 4 * (uniform(`loudness:${r.release}`) - 0.5)));
    // The field order of the recorded ReccoBeats record.
    features.push({
      id,
      href,
      isrc: r.isrc,
      acousticness: unit['acousticness'],
      danceability: unit['danceability'],
      energy,
      instrumentalness: unit['instrumentalness'],
      key,
      liveness: unit['liveness'],
      loudness,
      mode,
      speechiness: unit['speechiness'],
      tempo,
      valence: unit['valence'],
    });
    trackRecords.push({
      id,
      trackTitle: r.title,
      artists: r.artists.map((a) => ({
        id: uuidOf(`artist:${a.name}`),
        name: a.name,
        href: `https://open.spotify.com/artist/${a.spotifyId}`,
      })),
      durationMs: r.durationMs,
      isrc: r.isrc,
      href,
      popularity: r.popularity,
    });
    table.push({ isrc: r.isrc, id, title: r.title, durationMs: r.durationMs, energy, tempo, key, mode });
  }
  const text = (body: unknown) => `${JSON.stringify(body, null, 2)}\n`;
  const files = new Map<string, string>([
    [DERIVED_FEATURES_FILE, text({ content: features })],
    [DERIVED_TRACKS_FILE, text({ content: trackRecords })],
  ]);
  const provenance = readFileSync(new URL(PROVENANCE, RECCOBEATS_FIXTURES), 'utf8');
  const start = provenance.indexOf(START);
  const end = provenance.indexOf(END);
  if (start === -1 || end === -1) throw new Error(`${PROVENANCE}: markers missing`);
  files.set(PROVENANCE, `${provenance.slice(0, start)}${START}\n${tableOf(table)}${provenance.slice(end)}`);
  return { files, rows: table };
}

function tableOf(rows: DerivedFiles['rows']): string {
  const lines = [
    '| ISRC | record id | title | durationMs | energy | tempo | key | mode |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.isrc} | \`${r.id}\` | ${r.title.replace(/\|/g, '\\|')} | ${r.durationMs} | ${r.energy.toFixed(3)} | ${r.tempo} | ${r.key} | ${r.mode} |`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { files } = derive();
  for (const [file, text] of files) writeFileSync(new URL(file, RECCOBEATS_FIXTURES), text);
  console.log(`wrote ${[...files.keys()].join(', ')} in ${fileURLToPath(RECCOBEATS_FIXTURES)}`);
}
