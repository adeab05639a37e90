/**
 * @module
 * D33: completions while typing, from the music driver's own searches (the
 * catalogue's index in demo mode, Deezer's search in live mode), so both modes answer alike.
 * The last word may be half typed: a driver that matches whole words only (as the Deezer
 * replay does) finds nothing for `daft pu`, so when the query as typed yields too few, the
 * query without its last word is asked too and its candidates kept only if they complete it.
 * Ordered: names that start with the query, then items holding it as typed (their artist's
 * name may hold a word), then anything the driver found by correcting a misspelling; inside
 * each, the more popular first (against the best of the same kind: fans and ranks are on
 * different scales).
 */
import { popularity } from './ranking.ts';
import { matchesAsTyped, typedQuery } from '../../text/typed-match.ts';
import { foldJoined, readings } from '../../text/fold.ts';
import type { MusicDriver } from '../../drivers/contracts/music.ts';
import type { RequestScope } from '../../drivers/contracts/driver.ts';

type SuggestionType = 'artist' | 'track' | 'album';

export interface Suggestion {
  type: SuggestionType;
  id: number;
  /** The artist's name, or the track's or album's title. */
  text: string;
  /** The main artist of a track or album; null for an artist. */
  artist: string | null;
}

interface Candidate extends Suggestion {
  popularity: number;
}

const KINDS: readonly SuggestionType[] = ['artist', 'track', 'album'];

async function candidates(
  music: MusicDriver,
  query: string,
  limit: number,
  scope?: RequestScope,
): Promise<Candidate[]> {
  const o = { limit, scope };
  const [artists, tracks, albums] = await Promise.all([
    music.searchArtists(query, o),
    music.searchTracks(query, o),
    music.searchAlbums(query, o),
  ]);
  return [
    ...artists.map((a): Candidate => ({ type: 'artist', id: a.id, text: a.name, artist: null, popularity: a.fans })),
    ...tracks.map(
      (t): Candidate => ({ type: 'track', id: t.id, text: t.title, artist: t.artist.name, popularity: t.rank }),
    ),
    ...albums.map(
      (a): Candidate => ({ type: 'album', id: a.id, text: a.title, artist: a.artist.name, popularity: a.fans ?? 0 }),
    ),
  ];
}

export async function suggest(
  music: MusicDriver,
  query: string,
  limit: number,
  scope?: RequestScope,
): Promise<Suggestion[]> {
  const typed = typedQuery(query);
  const asTyped = (c: Candidate): boolean => matchesAsTyped(c.artist === null ? [c.text] : [c.text, c.artist], typed);
  let found = await candidates(music, query, limit, scope);
  const words = foldJoined(query).split(' ');
  if (words.length > 1 && found.filter(asTyped).length < limit) {
    // The last word half typed: what the other words find, kept where it completes the last.
    const wider = await candidates(music, words.slice(0, -1).join(' '), limit * 2, scope);
    found = found.concat(wider.filter(asTyped));
  }
  const best = new Map(
    KINDS.map((k) => [k, Math.max(0, ...found.filter((c) => c.type === k).map((c) => c.popularity))]),
  );
  // A name starts with the query in any reading of either (`It's Only…` starts `its o` and `it s o`).
  const typedReadings = readings(query);
  const starts = (c: Candidate): boolean => readings(c.text).some((r) => typedReadings.some((t) => r.startsWith(t)));
  const band = (c: Candidate): number => (starts(c) ? 0 : asTyped(c) ? 1 : 2);
  const seen = new Set<string>();
  return found
    .map((c) => ({ c, band: band(c), pop: popularity(c.popularity, best.get(c.type)!) }))
    .sort((a, b) => a.band - b.band || b.pop - a.pop || KINDS.indexOf(a.c.type) - KINDS.indexOf(b.c.type))
    .filter(({ c }) => {
      // One line per thing a user would pick: the same kind, text and artist only once.
      const key = `${c.type}\u0000${foldJoined(c.text)}\u0000${foldJoined(c.artist ?? '')}`;
      return !seen.has(key) && seen.add(key);
    })
    .slice(0, limit)
    .map(({ c }) => ({ type: c.type, id: c.id, text: c.text, artist: c.artist }));
}
