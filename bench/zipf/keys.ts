/**
 * @module
 * The key space of the Zipf workload: a few thousand distinct request paths across the music
 * endpoints, each one the replay can answer (from what the recorded Deezer fixtures mention:
 * every track, album, artist and playlist of `replay/deezer/search-index.ts`, and the words of their
 * titles and names for searches) or honestly answers not found (ids, ISRCs and titles nobody
 * recorded: a real deployment is asked those too, and its 404s cost upstream calls and are
 * cached for 5 minutes, D9). The paths are shuffled with the seed, so popularity (the rank the
 * Zipf sampler draws) is not tied to one endpoint.
 */
import { deezerUpstream } from '../../replay/deezer/index.ts';
import { loadRecordings } from '../../replay/deezer/fixtures.ts';
import { DeezerIndex, type Entity } from '../../replay/deezer/search-index.ts';
import { shuffled, type Random } from './sampler.ts';

const q = (value: string): string => encodeURIComponent(value);

/**
 * The most of the keys each kind of request takes; searches fill the rest. Artists are asked
 * by name (the replay answers `/artist/{id}` only for the few artists recorded with their fan
 * counts, Sleeve finds the others through the search); albums by the ids the replay answers.
 */
const SHARES = { unknown: 0.08, fixed: 0.02, isrc: 0.02, album: 0.01, artist: 0.3, track: 0.3 } as const;

const name = (
  index: DeezerIndex,
  nested: unknown,
  kind: 'artist' | 'album',
  key: 'name' | 'title',
): string | undefined => {
  if (typeof nested !== 'object' || nested === null) return undefined;
  const fields = nested as Record<string, unknown>;
  const known = typeof fields['id'] === 'number' ? index.get(kind, fields['id'])?.fields[key] : undefined;
  const text = known ?? fields[key];
  return typeof text === 'string' && text !== '' ? text : undefined;
};

const words = (text: string): string[] =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 3);

/** Every kind of key the recordings allow, before the mix: each list already in a seeded order. */
function candidates(random: Random): Record<keyof typeof SHARES | 'search', string[]> {
  const index = new DeezerIndex(loadRecordings());
  const deezer = deezerUpstream();
  const answers = (path: string): boolean =>
    deezer.answer({ method: 'GET', path, params: new URLSearchParams(), baseUrl: 'http://replay.invalid' }).kind ===
    'ok';
  const tracks = index.all('track');
  const titled = tracks.flatMap((track: Entity) => {
    const artist = name(index, track.fields['artist'], 'artist', 'name');
    const title = track.fields['title'];
    return artist === undefined || typeof title !== 'string' ? [] : [{ artist, title }];
  });
  const isrcs = tracks.flatMap((track) => {
    const isrc = index.full('track', track.id)?.['isrc'] ?? track.fields['isrc'];
    return typeof isrc === 'string' ? [isrc] : [];
  });
  const artists = index.all('artist').flatMap((a) => (typeof a.fields['name'] === 'string' ? [a.fields['name']] : []));
  const albums = index
    .all('album')
    .map((a) => a.id)
    .filter((id) => answers(`/album/${id}`));
  const vocabulary = new Set<string>();
  for (const entity of [...tracks, ...index.all('album'), ...index.all('artist')]) {
    for (const field of ['title', 'name']) {
      const text = entity.fields[field];
      if (typeof text === 'string') for (const word of words(text)) vocabulary.add(word);
    }
  }
  const playlistWords = new Set(index.all('playlist').flatMap((p) => words(String(p.fields['title'] ?? ''))));
  const genres = ['pop', 'rock', 'electro', 'dance', 'jazz', 'rap', 'soul', 'house', 'disco', 'funk'];
  const unknown: string[] = [];
  for (let i = 0; i < 400; i++) {
    // Ids far above any recorded one, ISRCs with a registrant code nobody uses, titles of no track.
    const kind = i % 5;
    if (kind === 0) unknown.push(`/artist/info?id=${990_000_000 + i}`);
    else if (kind === 1) unknown.push(`/album/info?id=${990_000_000 + i}`);
    else if (kind === 2) unknown.push(`/track/isrc?isrc=ZZX9926${String(i).padStart(5, '0')}`);
    else if (kind === 3) unknown.push(`/artist/top-tracks?id=${990_000_000 + i}`);
    else unknown.push(`/track/info?artist=${q('Nobody Recorded')}&title=${q(`zipf tail ${i}`)}`);
  }
  return {
    track: shuffled(
      titled.flatMap(({ artist, title }) => [
        `/track/info?artist=${q(artist)}&title=${q(title)}`,
        `/track/related?artist=${q(artist)}&title=${q(title)}`,
      ]),
      random,
    ),
    artist: shuffled(
      [...new Set(artists)].flatMap((artist) =>
        ['info', 'top-tracks', 'similar', 'discography'].map((e) => `/artist/${e}?artist=${q(artist)}`),
      ),
      random,
    ),
    album: shuffled(
      albums.map((id) => `/album/info?id=${id}`),
      random,
    ),
    search: shuffled(
      [
        ...[...vocabulary].flatMap((w) => [
          `/search/all?query=${q(w)}`,
          `/search/albums?query=${q(w)}`,
          `/search/artist?query=${q(w)}`,
        ]),
        ...[...playlistWords].map((w) => `/search/playlists?query=${q(w)}`),
      ],
      random,
    ),
    isrc: shuffled(
      isrcs.flatMap((isrc) => [`/track/isrc?isrc=${isrc}`, `/track/related?isrc=${isrc}`]),
      random,
    ),
    fixed: [
      '/track/hot',
      ...['FR', 'DE', 'GB', 'US', 'BR'].map((c) => `/track/hot?country=${c}`),
      '/album/new-releases',
      '/editorial/genres',
      ...genres.map((g) => `/playlist/generate?genres=${g}`),
      ...genres.slice(0, 5).map((g) => `/playlist/generate?genres=${g}&energy=0.8&tempo=120&limit=20`),
    ],
    unknown: shuffled(unknown, random),
  };
}

/** `n` distinct paths in rank order (index 0 is rank 1), mixed by SHARES, then shuffled with the seed. */
export function zipfKeys(n: number, random: Random): string[] {
  const lists = candidates(random);
  const taken = new Set<string>();
  for (const [kind, share] of Object.entries(SHARES) as [keyof typeof SHARES, number][]) {
    for (const path of lists[kind].slice(0, Math.round(share * n))) taken.add(path);
  }
  for (const path of [...lists.search, ...lists.track, ...lists.artist]) {
    if (taken.size >= n) break;
    taken.add(path);
  }
  return shuffled([...taken].slice(0, n), random);
}
