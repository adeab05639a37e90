import { describe, expect, it } from 'vitest';
import {
  popularity,
  rankByRelevance,
  rankSearchHits,
  relevance,
  searchRelevance,
} from '../../../core/services/search/ranking.ts';
import { fold } from '../../../core/text/fold.ts';
import { similarity } from '../../../core/text/similarity.ts';

describe('D15 ranking', () => {
  it('folds case, accents and punctuation', () => {
    expect(fold('Beyoncé – HALO!')).toBe('beyonce halo');
    expect(fold('  Sigur  Rós ')).toBe('sigur ros');
    expect(fold('Simon & Garfunkel')).toBe(fold('simon and garfunkel'));
  });

  it('similarity is 1 only for an exact folded match, and higher for closer names', () => {
    expect(similarity(['Halo'], 'halo')).toBe(1);
    expect(similarity(['Halo (Live)'], 'halo')).toBeLessThan(1);
    expect(similarity(['Halo (Live)'], 'halo')).toBeGreaterThan(similarity(['Hello'], 'halo'));
    expect(similarity(['Ada Lark Halo', 'Halo'], 'ada lark halo')).toBe(1);
  });

  it('an exact name match outranks a far more popular near match', () => {
    const items = [
      { name: 'Halo Nights', fans: 50_000_000 },
      { name: 'Halos', fans: 9_000_000 },
      { name: 'Halo', fans: 3 },
    ];
    const ranked = rankByRelevance(
      items,
      'HALO',
      (i) => [i.name],
      (i) => i.fans,
    );
    expect(ranked[0]?.item.name).toBe('Halo');
    expect(ranked[0]!.score).toBeGreaterThan(ranked[1]!.score);
  });

  it('holds for any popularity: the exact band never meets the near band', () => {
    for (const nearPop of [0, 0.3, 0.99, 1]) {
      for (const exactPop of [0, 0.01, 1]) {
        expect(relevance(1, exactPop)).toBeGreaterThan(relevance(0.99, nearPop));
      }
    }
  });

  it('among equally similar names, the more popular ranks first; scores stay within 0..1', () => {
    const ranked = rankByRelevance(
      [
        { n: 'Halo', p: 10 },
        { n: 'halo', p: 1000 },
      ],
      'halo',
      (i) => [i.n],
      (i) => i.p,
    );
    expect(ranked.map((r) => r.item.p)).toEqual([1000, 10]);
    for (const r of ranked) expect(r.score).toBeGreaterThanOrEqual(0), expect(r.score).toBeLessThanOrEqual(1);
    expect(popularity(0, 0)).toBe(0);
  });

  it('keeps the source order on equal scores', () => {
    const ranked = rankByRelevance(
      [
        { n: 'a', id: 1 },
        { n: 'a', id: 2 },
      ],
      'b',
      (i) => [i.n],
      () => 0,
    );
    expect(ranked.map((r) => r.item.id)).toEqual([1, 2]);
  });
});

describe('D33 bands', () => {
  it('an exact name outranks any match as typed, which outranks anything a correction found', () => {
    for (const similarity of [0, 0.5, 0.99]) {
      for (const pop of [0, 0.5, 1]) {
        for (const other of [0, 1]) {
          expect(searchRelevance(1, 0, true, false)).toBeGreaterThan(searchRelevance(similarity, pop, true, false));
          expect(searchRelevance(0, 0, true, false)).toBeGreaterThan(searchRelevance(similarity, other, false, false));
        }
      }
    }
  });

  it('a short query ranks its matches by popularity alone', () => {
    expect(searchRelevance(0.9, 0.2, true, true)).toBeLessThan(searchRelevance(0, 0.3, true, true));
    const ranked = rankSearchHits(
      [
        { n: 'Lonely Road', p: 5 },
        { n: 'Lo', p: 1 },
        { n: 'Long Lost Lovers', p: 50 },
        { n: 'Halo', p: 900 },
      ],
      'lo',
      (i) => [i.n],
      (i) => i.p,
    );
    expect(ranked.map((r) => r.item.n)).toEqual(['Lo', 'Long Lost Lovers', 'Lonely Road', 'Halo']);
  });
});
