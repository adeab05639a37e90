/**
 * One way to match text (issue #34): the catalogue's index, the as-typed rule (D33) and the
 * ranking (D15) read names through `core/text/`, so they agree on what matches. Names are drawn
 * from words with accents, apostrophes and `&`; queries are derived from them the ways people
 * type a name (case, accents, an apostrophe straight, curly, left out or typed as a space,
 * punctuation, `&` or `and`), and some then misspelt.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rankSearchHits } from '../../../core/services/search/ranking.ts';
import { createTextIndex } from '../../../core/drivers/catalog/search/text-index.ts';
import { similarity } from '../../../core/text/similarity.ts';
import { matchesAsTyped, typedQuery } from '../../../core/text/typed-match.ts';

/** No stop words: a stop word is left out of the index but still starts a word as typed (D33's prefix), a difference of its own. */
const WORDS = [
  'love',
  'only',
  'night',
  'velvet',
  'harbour',
  'river',
  'signal',
  'golden',
  'summer',
  'rain',
  'Café',
  'Beyoncé',
  'Zoé',
  'Rós',
  'Señor',
  'Über',
  'naïve',
  'Ōsaka',
];
const CONTRACTIONS = ["It's", 'It’s', "Don't", "I'm", "We're", "Can't", "L'amour", "Zoé's", 'Rock’n’roll'];
/** A contraction's halves as words of their own, or written without the apostrophe. */
const HALVES = ['Its', 'it', 's', 'Dont', 'don', 't', 'Im', 'amour', 'Lamour'];
const token = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...WORDS) },
  { weight: 2, arbitrary: fc.constantFrom(...CONTRACTIONS) },
  { weight: 1, arbitrary: fc.constantFrom(...HALVES) },
);
/** A name of two to four words, perhaps with `&` between two of them. */
const nameArb = fc
  .tuple(fc.array(token, { minLength: 2, maxLength: 4 }), fc.option(fc.nat(), { nil: undefined }))
  .map(([words, amp]) => {
    if (amp === undefined) return words.join(' ');
    const at = 1 + (amp % (words.length - 1));
    return [...words.slice(0, at), '&', ...words.slice(at)].join(' ');
  });

/** How a twin of a name writes its apostrophes. */
const twinArb = fc.constantFrom(' ', '', "'");

interface Typing {
  /** What an apostrophe is typed as, the same all through the query. */
  apostrophe: string;
  and: string;
  cases: number[];
  plain: boolean[];
  separators: string[];
  around: [string, string];
}

const typingArb: fc.Arbitrary<Typing> = fc.record({
  apostrophe: fc.constantFrom("'", '’', '`', '', ' '),
  and: fc.constantFrom('&', 'and', 'AND', 'And'),
  cases: fc.array(fc.nat(2), { minLength: 6, maxLength: 6 }),
  plain: fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
  separators: fc.array(fc.constantFrom(' ', '  ', ' - ', ', ', ' / ', '. ', ' – '), { minLength: 6, maxLength: 6 }),
  around: fc.tuple(fc.constantFrom('', ' ', '"', '¡', '('), fc.constantFrom('', '!', '?', ' ...', ')', '"')),
});

/** The name as someone might type it. */
function typed(name: string, t: Typing): string {
  const words = name.split(' ').map((word, i) => {
    if (word === '&') return t.and;
    let w = word.replace(/['’]/g, t.apostrophe);
    if (t.plain[i]) w = w.normalize('NFKD').replace(/\p{M}/gu, '');
    const c = t.cases[i];
    return c === 0 ? w.toLowerCase() : c === 1 ? w.toUpperCase() : w;
  });
  return t.around[0] + words.reduce((out, w, i) => (i === 0 ? w : out + t.separators[i]! + w), '') + t.around[1];
}

/** One letter of the query changed: no longer the name as typed. */
function misspelt(query: string, at: number): string {
  const letters = [...query].flatMap((ch, i) => (/\p{L}/u.test(ch) ? [i] : []));
  if (letters.length === 0) return query;
  const i = letters[at % letters.length]!;
  const chars = [...query];
  chars[i] = chars[i]!.toLowerCase() === 'q' ? 'x' : 'q';
  return chars.join('');
}

interface Doc {
  id: number;
  name: string;
  extra: string;
  popularity: number;
}

/** The index's records for a query and what D33 and D15 say of each, then the agreement checked. */
function agree(docs: readonly Doc[], query: string): { asTyped: Doc[]; exact: Doc[] } {
  const index = createTextIndex(docs);
  const q = typedQuery(query);
  const asTyped = docs.filter((d) => matchesAsTyped([d.name], q));
  const exact = docs.filter((d) => similarity([d.name], query) === 1);
  // An exact name holds the query as typed.
  for (const d of exact) expect(asTyped, `${d.name} is ${query}`).toContain(d);
  if (asTyped.length > 0) {
    // Asked for as many records as hold the query as typed, the index answers exactly those:
    // its first step finds every word as typed, and only when it finds too few would it correct
    // or drop a word.
    const found = index.search(query, asTyped.length);
    expect(new Set(found), `${query} in ${docs.map((d) => d.name).join(' | ')}`).toEqual(
      new Set(asTyped.map((d) => d.id)),
    );
  }
  return { asTyped, exact };
}

describe('the catalogue index, the as-typed rule and the ranking agree on what matches', () => {
  it('a name typed another way is an exact match (score >= 0.7) and the index finds it', () => {
    fc.assert(
      fc.property(
        fc.array(nameArb, { minLength: 1, maxLength: 8 }),
        fc.nat(),
        typingArb,
        fc.array(fc.nat(1000), { minLength: 9, maxLength: 9 }),
        twinArb,
        (names, pick, typing, pops, twin) => {
          const target = names[pick % names.length]!;
          // The same name written with its apostrophes as spaces or left out, beside it.
          const docs = [...names, target.replace(/['’]/g, twin)].map((name, i) => ({
            id: i + 1,
            name,
            extra: '',
            popularity: pops[i]!,
          }));
          const query = typed(target, typing);
          const { exact } = agree(docs, query);
          expect(
            exact.map((d) => d.name),
            `${target} ~ ${query}`,
          ).toContain(target);
          const index = createTextIndex(docs);
          const found = index.search(query, docs.length).map((id) => docs.find((d) => d.id === id)!);
          const [first] = rankSearchHits(
            found,
            query,
            (d) => [d.name],
            (d) => d.popularity,
          );
          expect(first!.score).toBeGreaterThanOrEqual(0.7);
          expect(exact).toContain(first!.item);
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('a misspelt or partial query: the index finds what holds it as typed, and nothing is exact that is not', () => {
    fc.assert(
      fc.property(
        fc.array(nameArb, { minLength: 1, maxLength: 8 }),
        fc.nat(),
        typingArb,
        fc.nat(),
        fc.boolean(),
        twinArb,
        (names, pick, typing, at, cut, twin) => {
          const target = names[pick % names.length]!;
          const docs = [...names, target.replace(/['’]/g, twin)].map((name, i) => ({
            id: i + 1,
            name,
            extra: '',
            popularity: i,
          }));
          const whole = typed(target, typing);
          // Misspelt, or the first words only (the last perhaps half typed).
          const query = cut ? whole.slice(0, Math.max(1, at % whole.length)) : misspelt(whole, at);
          agree(docs, query);
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('the four ways to type "It\'s Only Love" are all exact, and no others near it', () => {
    for (const query of ['its only love', "it's only love", 'It’s Only Love', 'it s only love', 'IT`S ONLY LOVE!']) {
      expect(similarity(["It's Only Love"], query), query).toBe(1);
      expect(matchesAsTyped(["It's Only Love"], typedQuery(query)), query).toBe(true);
    }
    for (const query of ['it only love', 'its only lov', 'i ts only love'])
      expect(similarity(["It's Only Love"], query), query).toBeLessThan(1);
  });
});
