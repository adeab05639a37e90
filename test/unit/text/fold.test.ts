/** The fold (D15) and a text's readings: what every comparison of names in Sleeve goes through. */
import { describe, expect, it } from 'vitest';
import { fold, foldCompact, foldJoined, readings } from '../../../core/text/fold.ts';
import { queryTerms, searchTerms, shortPrefix } from '../../../core/text/terms.ts';

describe('fold', () => {
  it('folds case, accents and punctuation, & as and, the same on every path (plain, ASCII, Unicode)', () => {
    expect(fold('  Velvet   Harbour ')).toBe('velvet harbour');
    expect(fold('AC/DC -- Live!')).toBe('ac dc live');
    expect(fold('Beyoncé – HALO!')).toBe('beyonce halo');
    expect(fold('Simon & Garfunkel')).toBe('simon and garfunkel');
    expect(fold('Rock&Roll')).toBe('rock and roll');
    expect(fold('?!')).toBe('');
  });

  it('reads an apostrophe both ways: as a break, and as nothing', () => {
    for (const text of ["It's Only Love", 'It’s Only Love', 'IT`S ONLY LOVE', 'It‘s only love']) {
      expect(readings(text), text).toEqual(['it s only love', 'its only love']);
    }
    // The modifier letter apostrophe is a letter: it never breaks a word, and joined it goes.
    expect(readings('Itʼs only love')).toEqual(['itʼs only love', 'its only love']);
    expect(readings('its only love')).toEqual(['its only love']);
    expect(readings('it s only love')).toEqual(['it s only love']);
    expect(readings("Burnin'")).toEqual(['burnin']);
    expect(foldJoined("Zoé's Café")).toBe('zoes cafe');
    expect(foldCompact("Daft Punk's")).toBe('daftpunks');
  });

  it('search terms: every reading of a text, stop words out; a query reads apostrophes joined first', () => {
    expect(searchTerms("It's Only Love")).toEqual(['it', 's', 'only', 'love', 'its']);
    expect(searchTerms('The Love of Rock & Roll')).toEqual(['love', 'rock', 'roll']);
    expect(searchTerms('The The')).toEqual(['the', 'the']);
    expect(queryTerms("it's only love")).toEqual([
      ['its', 'only', 'love'],
      ['it', 's', 'only', 'love'],
    ]);
    expect(queryTerms('it s only love')).toEqual([['it', 's', 'only', 'love']]);
    expect(shortPrefix("I'm")).toBe('im');
    expect(shortPrefix('i m')).toBeNull();
  });
});
