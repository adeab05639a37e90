/**
 * @module
 * Mixed search queries for the benchmarks, drawn from a catalogue with a fixed seed: exact
 * title and artist, artist alone, a title with a typo, an artist with two letters swapped, a
 * typed-as-you-go prefix. Each names the track it should find, to measure recall too.
 */
import type { CatalogData } from '../../core/drivers/catalog/format.ts';
import { createRandom } from '../../core/utils/random.ts';

export interface BenchQuery {
  kind: 'exact' | 'artist' | 'title-typo' | 'artist-swap' | 'prefix';
  text: string;
  target: number;
}

function typo(word: string, swap: boolean, at: number): string {
  if (word.length < 5) return word;
  const i = 1 + (at % (word.length - 3));
  return swap
    ? word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2)
    : word.slice(0, i) + (word[i] === 'e' ? 'a' : 'e') + word.slice(i + 1);
}

const longestWord = (text: string): string => text.split(' ').reduce((a, b) => (b.length > a.length ? b : a), '');

export function benchQueries(data: CatalogData, count: number): BenchQuery[] {
  const r = createRandom('bench-queries');
  const names = new Map(data.artists.map((a) => [a.id, a.name]));
  const kinds: BenchQuery['kind'][] = ['exact', 'exact', 'artist', 'title-typo', 'artist-swap', 'prefix'];
  return Array.from({ length: count }, (_, n) => {
    // Popular tracks are searched more, as in real traffic.
    const t = data.tracks[Math.floor(data.tracks.length * r.next() ** 2)]!;
    const artist = names.get(t.artistId) ?? '';
    const kind = kinds[n % kinds.length]!;
    const word = longestWord(artist);
    const text =
      kind === 'exact'
        ? `${t.title} ${artist}`
        : kind === 'artist'
          ? artist
          : kind === 'title-typo'
            ? `${t.title.replace(longestWord(t.title), typo(longestWord(t.title), false, n))} ${artist}`
            : kind === 'artist-swap'
              ? `${t.title} ${artist.replace(word, typo(word, true, n))}`
              : `${artist} ${t.title.slice(0, Math.max(3, Math.ceil(t.title.length / 2)))}`;
    return { kind, text, target: t.id };
  });
}

export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;
}
