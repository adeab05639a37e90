/** D33: "as typed" is read off the folded words of an item's texts, without splitting them. */
import { describe, expect, it } from 'vitest';
import { hasWord } from '../../../core/text/has-word.ts';
import { keptFolds } from '../../../core/text/kept-folds.ts';
import { matchesAsTyped, typedQuery } from '../../../core/text/typed-match.ts';

const asTyped = (texts: string[], query: string) => matchesAsTyped(texts, typedQuery(query));

describe('matchesAsTyped (D33)', () => {
  it('needs every word whole, the last one possibly only begun', () => {
    expect(asTyped(['Love Story', 'Taylor Swift'], 'love swift')).toBe(true);
    expect(asTyped(['Love Story', 'Taylor Swift'], 'love sw')).toBe(true);
    expect(asTyped(['Love Story', 'Taylor Swift'], 'lov swift')).toBe(false);
    expect(asTyped(['Glove Story'], 'love')).toBe(false);
    expect(asTyped(['Love Story'], 'ove')).toBe(false);
    expect(asTyped(['Love  Story  '], 'story')).toBe(true);
  });

  it('folds as catalogue search does: case, accents, apostrophes, punctuation, stop words', () => {
    expect(asTyped(["Zoé's Café!"], 'ZOES cafe')).toBe(true);
    expect(asTyped(['Rock-n-Roll'], 'rock n roll')).toBe(true);
    expect(asTyped(['Songs of Love'], 'the love')).toBe(true);
    expect(asTyped(['東京 Nights'], '東京')).toBe(true);
    expect(asTyped(['Anything'], '  ')).toBe(false);
  });

  it('a query of one or two characters starts a word', () => {
    expect(asTyped(['Daft Punk'], 'pu')).toBe(true);
    expect(asTyped(['Daft Punk'], 'un')).toBe(false);
  });

  it('hasWord finds words between spaces and ends only', () => {
    expect(hasWord('a ab abc', 'ab', false)).toBe(true);
    expect(hasWord('abc xab', 'ab', false)).toBe(false);
    expect(hasWord('abc xab', 'ab', true)).toBe(true);
    expect(hasWord('xab', 'ab', true)).toBe(false);
  });
});

describe('keptFolds', () => {
  it('folds each text once while it keeps coming back, and holds at most two generations', () => {
    const calls: string[] = [];
    const fold = keptFolds((t) => (calls.push(t), t.toLowerCase()), 3);
    for (const t of ['A', 'B', 'A', 'C', 'A', 'D', 'E', 'A', 'B', 'C']) expect(fold(t)).toBe(t.toLowerCase());
    // D starts a generation; A and B are carried into it from the older one. B then starts
    // another, and C, left behind in the first, is folded again.
    expect(calls).toEqual(['A', 'B', 'C', 'D', 'E', 'C']);
  });
});
