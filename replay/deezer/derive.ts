/**
 * @module
 * Builds the Deezer fixtures the recordings lack, from recorded objects, into
 * `test/fixtures/deezer/derived/`, and rewrites the "Derived files" section of PROVENANCE.md
 * to say what each was built from and which fields no recording holds. Run it again after
 * changing it: `npx tsx replay/deezer/derive.ts` (deterministic: same recordings, same bytes).
 *
 * - an album of 40 tracks, so a driver must page /album/{id}/tracks past the 25 the album
 *   body embeds;
 * - the "Top France" and "Top Brasil" playlists, Deezer's country charts;
 * - page 2 of Daft Punk's releases agreeing with the newest page 1 (total 38).
 *
 * The bodies look exactly like Deezer's (same fields, order, `\/` and `\uXXXX` escaping);
 * that they are derived is said in PROVENANCE.md only.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { DEEZER_ORIGIN, FIXTURES_DIR, PROVENANCE_FILE, isRecord } from './fixtures.ts';

type Json = Record<string, unknown>;

interface Derived {
  file: string;
  /** The request this body answers. */
  path: string;
  body: Json;
  from: readonly string[];
  synthesised: string;
}

/** The day the newest chart recordings were made: derived bodies are dated then. */
const DERIVED_AT = Date.UTC(2022, 3, 23) / 1000;
const DERIVED_DAY = '2022-04-23';
/** Deezer's artist for compilations; no recording mentions it. */
const VARIOUS_ARTISTS = { id: 5080, name: 'Various Artists' };
const COMPILATION_ID = 999000040;
const DEEZER_CHARTS = {
  id: 637006841,
  name: 'Deezer Charts',
  tracklist: `${DEEZER_ORIGIN}/user/637006841/flow`,
  type: 'user',
};
const PAGE = 25;

function recorded(file: string): Json {
  const body: unknown = JSON.parse(readFileSync(new URL(file, FIXTURES_DIR), 'utf8'));
  if (!isRecord(body)) throw new Error(`${file}: not a JSON object`);
  return body;
}

function list(value: unknown, what: string): Json[] {
  const items = isRecord(value) ? value['data'] : undefined;
  if (!Array.isArray(items) || !items.every(isRecord)) throw new Error(`${what}: no data list`);
  return items;
}

/** `value` with the fields of `template`, in its order, nested objects shaped likewise. */
function shaped(value: Json, template: Json): Json {
  const out: Json = {};
  for (const [key, example] of Object.entries(template)) {
    const field = value[key];
    if (field === undefined) throw new Error(`${key} missing from ${String(value['type'])} ${String(value['id'])}`);
    out[key] = isRecord(example) && isRecord(field) ? shaped(field, example) : field;
  }
  return out;
}

/** Deezer's image hash, read from a recorded CDN URL: `…/images/cover/<md5>/56x56-….jpg`. */
function md5Of(url: unknown): string {
  const hash = /\/images\/\w+\/([0-9a-f]*)\//.exec(String(url))?.[1];
  if (hash === undefined) throw new Error(`no image hash in ${String(url)}`);
  return hash;
}

/** Whether `value` has every field of `template` (but `readable` and `time_add`, see TRACK_ITEM). */
function fits(value: Json, template: Json): boolean {
  return Object.entries(template).every(([key, example]) => {
    if (key === 'readable' || key === 'time_add') return true;
    const field = value[key];
    return field !== undefined && (!isRecord(example) || (isRecord(field) && fits(field, example)));
  });
}

function uniqueById(items: readonly Json[]): Json[] {
  const seen = new Set<unknown>();
  return items.filter((item) => !seen.has(item['id']) && seen.add(item['id']));
}

function share(kind: string, id: number): string {
  return `https://www.deezer.com/${kind}/${id}?utm_source=deezer&utm_content=${kind}-${id}&utm_term=0_${DERIVED_AT}&utm_medium=web`;
}

/** Deezer's picture URLs; an empty hash is how Deezer spells "no picture". */
function pictures(
  kind: 'artist' | 'cover' | 'playlist',
  apiPath: string,
  md5: string,
  prefix: 'picture' | 'cover',
): Json {
  const cdn = (size: number): string =>
    `https://e-cdns-images.dzcdn.net/images/${kind}/${md5}/${size}x${size}-000000-80-0-0.jpg`;
  return {
    [prefix]: `${DEEZER_ORIGIN}${apiPath}/image`,
    [`${prefix}_small`]: cdn(56),
    [`${prefix}_medium`]: cdn(250),
    [`${prefix}_big`]: cdn(500),
    [`${prefix}_xl`]: cdn(1000),
  };
}

/** Deezer's paging of a list (album-302127-tracks.json, playlist-9200461-tracks.json). */
function pages(path: string, items: readonly Json[], extra: Json): { path: string; body: Json }[] {
  const out: { path: string; body: Json }[] = [];
  for (let index = 0; index < items.length; index += PAGE) {
    const body: Json = { data: items.slice(index, index + PAGE), ...extra, total: items.length };
    if (index > 0) body['prev'] = `${DEEZER_ORIGIN}${path}?index=${index - PAGE}`;
    if (index + PAGE < items.length) body['next'] = `${DEEZER_ORIGIN}${path}?index=${index + PAGE}`;
    out.push({ path: index === 0 ? path : `${path}?index=${index}`, body });
  }
  return out;
}

function fileOf(path: string): string {
  const [route = '', query] = path.split('?');
  const name = route.slice(1).replaceAll('/', '-');
  return `derived/${name}${query === undefined ? '' : `__${query.replace('=', '-')}`}.json`;
}

/** A GS1 number in the 200–299 range, which is never assigned to a real product. */
function upc(id: number): string {
  const digits = `200${String(id).padStart(9, '0')}`;
  const sum = [...digits].reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return `${digits}${(10 - (sum % 10)) % 10}`;
}

// ---- a. An album of 40 tracks -------------------------------------------------------------

function compilation(): Derived[] {
  const from = [
    'track-1425844092.json',
    'track-1724605597.json',
    'track-2947516331.json',
    'album-302127-tracks.json',
    'playlist-908622995.json',
    'album-302127.json',
    'genre.json',
  ];
  const entryTemplate = list(recorded('album-302127-tracks.json'), 'album-302127-tracks.json')[0] as Json;
  const album = recorded('album-302127.json');
  const embeddedTemplate = list(album['tracks'], 'album-302127.json tracks')[0] as Json;
  const pop = list(recorded('genre.json'), 'genre.json').find((genre) => genre['id'] === 132) as Json;

  // Tracks whose ISRC is recorded first (full bodies, then Discovery's tracklist), then tracks
  // of a recorded playlist, which have none.
  const withIsrc = [
    ...from.slice(0, 3).map(recorded),
    ...list(recorded('album-302127-tracks.json'), 'album-302127-tracks.json'),
  ];
  const without = list(recorded('playlist-908622995.json')['tracks'], 'playlist-908622995.json tracks');
  const tracks = uniqueById([...withIsrc, ...without]).slice(0, 40);
  const synthesisedIsrcs: string[] = [];
  const entries = tracks.map((track, i) => {
    let isrc = track['isrc'];
    if (typeof isrc !== 'string') {
      // XX is no ISRC country: these can never collide with a real recording's code.
      isrc = `XXRPL22${String(i + 1).padStart(5, '0')}`;
      synthesisedIsrcs.push(`${String(isrc)} (track ${String(track['id'])})`);
    }
    return shaped({ ...track, isrc, track_position: i + 1, disk_number: 1 }, entryTemplate);
  });

  const id = COMPILATION_ID;
  const path = `/album/${id}`;
  const explicit = tracks.some((track) => track['explicit_lyrics'] === true);
  const artist = {
    ...VARIOUS_ARTISTS,
    ...pictures('artist', `/artist/${VARIOUS_ARTISTS.id}`, '', 'picture'),
    tracklist: `${DEEZER_ORIGIN}/artist/${VARIOUS_ARTISTS.id}/top?limit=50`,
    type: 'artist',
  };
  const contributor = {
    ...VARIOUS_ARTISTS,
    link: `https://www.deezer.com/artist/${VARIOUS_ARTISTS.id}`,
    share: share('artist', VARIOUS_ARTISTS.id),
    ...pictures('artist', `/artist/${VARIOUS_ARTISTS.id}`, '', 'picture'),
    radio: false,
    tracklist: artist.tracklist,
    type: 'artist',
    role: 'Main',
  };
  const body = shaped(
    {
      id,
      title: 'Électro Pop Hits',
      upc: upc(id),
      link: `https://www.deezer.com/album/${id}`,
      share: share('album', id),
      ...pictures('cover', path, '', 'cover'),
      genre_id: pop['id'],
      genres: { data: [{ id: pop['id'], name: pop['name'], picture: pop['picture'], type: 'genre' }] },
      label: 'Replay Music',
      nb_tracks: tracks.length,
      duration: tracks.reduce((total, track) => total + Number(track['duration']), 0),
      fans: 0,
      rating: 0,
      release_date: DERIVED_DAY,
      record_type: 'compile',
      available: true,
      tracklist: `${DEEZER_ORIGIN}${path}/tracks`,
      explicit_lyrics: explicit,
      explicit_content_lyrics: explicit ? 4 : 0,
      explicit_content_cover: 0,
      contributors: [contributor],
      artist,
      type: 'album',
      // Deezer embeds the first 25 tracks; the rest only come through /album/{id}/tracks.
      tracks: { data: entries.slice(0, PAGE).map((entry) => shaped(entry, embeddedTemplate)) },
    },
    album,
  );
  const note = `record_type \`compile\` (Deezer's value for compilations), title, label, upc ${upc(id)} (GS1 200 range), fans, rating, release_date, explicit_content_*, Various Artists (id 5080, radio false, no picture), track_position/disk_number (the compilation's order). ISRCs recorded for positions 1–${tracks.length - synthesisedIsrcs.length}; synthesised: ${synthesisedIsrcs.join(', ')}`;
  return [
    { file: fileOf(path), path, body, from, synthesised: note },
    ...pages(`${path}/tracks`, entries, {}).map((one) => ({ file: fileOf(one.path), ...one, from, synthesised: note })),
  ];
}

// ---- b. Country charts: Deezer Charts' "Top <country>" playlists ----------------------------

/** An item of /playlist/{id}/tracks; `readable` and `time_add` are the playlist's to say. */
const TRACK_ITEM: Json = list(recorded('playlist-9200461-tracks.json'), 'playlist-9200461-tracks.json')[0] as Json;

interface Country {
  id: number;
  title: string;
  description: string;
  tracks: { track: Json; file: string }[];
}

function countryCharts(): Derived[] {
  const charts = ['chart-0-tracks.json', 'chart.json', 'chart-106-tracks.json', 'editorial-106-charts.json'];
  const searches = readdirSync(FIXTURES_DIR)
    .filter((file) => file.startsWith('search__'))
    .sort();
  const perArtist = new Map<unknown, number>();
  // Two tracks per artist at most, so the chart is not one singer's discography.
  const varied = tracksOf(searches).filter(({ track }) => {
    const artist = (track['artist'] as Json)['id'];
    perArtist.set(artist, (perArtist.get(artist) ?? 0) + 1);
    return (perArtist.get(artist) ?? 0) <= 2;
  });
  const countries: Country[] = [
    {
      id: 1109890291,
      title: 'Top France',
      description: 'Les titres les plus écoutés en France sur Deezer.',
      tracks: tracksOf(charts),
    },
    {
      id: 1111141961,
      title: 'Top Brasil',
      description: 'As músicas mais ouvidas no Brasil no Deezer.',
      tracks: varied,
    },
  ];
  return countries.flatMap((country) => countryChart(country));
}

/** Each distinct track of these recordings that can be a playlist item, with its file. */
function tracksOf(files: readonly string[]): { track: Json; file: string }[] {
  const seen = new Set<unknown>();
  return files
    .flatMap((file) => {
      const body = recorded(file);
      return list(isRecord(body['tracks']) ? body['tracks'] : body, file).map((track) => ({ track, file }));
    })
    .filter(({ track }) => fits(track, TRACK_ITEM) && !seen.has(track['id']) && seen.add(track['id']));
}

function countryChart(country: Country): Derived[] {
  const from = [
    ...new Set(country.tracks.map(({ file }) => file)),
    'playlist-9200461.json (shape)',
    'playlist-9200461-tracks.json (shape)',
  ];
  const template = recorded('playlist-9200461.json');
  // The playlist body embeds its tracks with less of each artist than /playlist/{id}/tracks.
  const embeddedTemplate = list(template['tracks'], 'playlist-9200461.json tracks')[0] as Json;
  const items = country.tracks.map(({ track }) =>
    shaped({ ...track, readable: track['readable'] ?? true, time_add: DERIVED_AT }, TRACK_ITEM),
  );
  const checksum = createHash('md5')
    .update(items.map((item) => String(item['id'])).join(','))
    .digest('hex');
  // A playlist without its own picture shows its first four covers, as playlist-9200461 does.
  const md5 = [...new Set(items.map((item) => String((item['album'] as Json)['md5_image'])))].slice(0, 4).join('-');
  const path = `/playlist/${country.id}`;
  const body = shaped(
    {
      id: country.id,
      title: country.title,
      description: country.description,
      duration: items.reduce((total, item) => total + Number(item['duration']), 0),
      public: true,
      is_loved_track: false,
      collaborative: false,
      nb_tracks: items.length,
      fans: 0,
      link: `https://www.deezer.com/playlist/${country.id}`,
      share: share('playlist', country.id),
      ...pictures('cover', path, md5, 'picture'),
      checksum,
      tracklist: `${DEEZER_ORIGIN}${path}/tracks`,
      creation_date: `${DERIVED_DAY} 00:00:00`,
      md5_image: md5,
      picture_type: 'cover',
      creator: DEEZER_CHARTS,
      type: 'playlist',
      tracks: { data: items.map((item) => shaped(item, embeddedTemplate)), checksum },
    },
    template,
  );
  const note =
    'description, fans, creation_date, checksum (md5 of the track ids), time_add; `readable: true` where the source recording has no `readable`; picture = the first four covers, as Deezer shows a playlist without a picture of its own';
  return [
    { file: fileOf(path), path, body, from, synthesised: note },
    ...pages(`${path}/tracks`, items, { checksum }).map((one) => ({
      file: fileOf(one.path),
      ...one,
      from,
      synthesised: note,
    })),
  ];
}

// ---- c. Daft Punk's releases, page 2 --------------------------------------------------------

function daftPunkPage2(): Derived {
  const newest = recorded('artist-27-albums.json');
  const first = list(newest, 'artist-27-albums.json');
  const total = Number(newest['total']);
  const template = first[0] as Json;
  const listed = new Set(first.map((album) => album['id']));
  const page2022 = list(recorded('artist-27-albums__index-25.json'), 'artist-27-albums__index-25.json');
  // The 2020 page lacks md5_image, which its cover URLs carry.
  const page2020 = list(recorded('artist-27-albums__index-0.json'), 'artist-27-albums__index-0.json').map(
    (album): Json => ({ ...album, md5_image: md5Of(album['cover_small']) }),
  );
  const singlesFirst = [...page2020].sort(
    (a, b) => Number(b['record_type'] === 'single') - Number(a['record_type'] === 'single'),
  );
  const rest = uniqueById([...page2022, ...singlesFirst])
    .filter((album) => !listed.has(album['id']))
    .slice(0, total - first.length);
  if (first.length + rest.length !== total)
    throw new Error(`only ${first.length + rest.length} of Daft Punk's ${total} releases are recorded`);
  const path = '/artist/27/albums?index=25';
  return {
    file: fileOf(path),
    path,
    body: {
      data: rest.map((album) => shaped(album, template)),
      total,
      prev: `${DEEZER_ORIGIN}/artist/27/albums?index=0`,
    },
    from: ['artist-27-albums.json', 'artist-27-albums__index-25.json', 'artist-27-albums__index-0.json'],
    synthesised: `nothing: the 2026 page 1 says total ${total}, so page 2 holds the recorded releases page 1 lacks, the 2022 page 2 first, then the 2020 page 1 (singles first, md5_image read from its cover URLs), until ${total}; the recorded 2022 page 2 (total 32) is kept but no longer served`,
  };
}

// ---- writing ---------------------------------------------------------------------------------

/** JSON as Deezer's PHP encodes it: slashes escaped, non-ASCII as \uXXXX. */
function deezerJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('/', '\\/')
    .replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function provenance(derived: readonly Derived[]): string {
  const rows = derived.map(
    (one) =>
      `| \`${one.file}\` | \`${DEEZER_ORIGIN}${one.path}\` | 200 | derived: built by replay/deezer/derive.ts from ${one.from.map((file) => `\`${file}\``).join(', ')} | ${one.synthesised} |`,
  );
  return [
    '## Derived files',
    '',
    "Not recorded: written by `replay/deezer/derive.ts` (re-run it to re-make them) from the recorded files named in each row, because the recordings lack an album of more than 25 tracks, country charts, and a page 2 of Daft Punk's releases that agrees with the newest page 1. Their bodies carry no marker: this table is the only place that says they are derived. The last column names every value no recording holds.",
    '',
    '| file | request URL | HTTP | derivation | synthesised (not from any recording) |',
    '|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

function main(): void {
  const derived = [...compilation(), ...countryCharts(), daftPunkPage2()];
  mkdirSync(new URL('derived/', FIXTURES_DIR), { recursive: true });
  for (const one of derived) writeFileSync(new URL(one.file, FIXTURES_DIR), deezerJson(one.body));
  const table = readFileSync(PROVENANCE_FILE, 'utf8');
  const start = table.indexOf('## Derived files');
  writeFileSync(
    PROVENANCE_FILE,
    `${start === -1 ? `${table.trimEnd()}\n\n` : table.slice(0, start)}${provenance(derived)}`,
  );
  console.log(`wrote ${derived.length} files to ${new URL('derived/', FIXTURES_DIR).pathname}`);
}

main();
