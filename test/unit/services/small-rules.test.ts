import { describe, expect, it } from 'vitest';
import { generatedArt, initials, placeholderArt } from '../../../core/services/media/art.ts';
import { countryFrom } from '../../../core/services/music/charts.ts';
import { interleave } from '../../../core/utils/interleave.ts';
import { uniqueExcept } from '../../../core/services/music/related.ts';
import { stripBrackets } from '../../../core/services/music/track.ts';
import { track } from '../../helpers/domain.ts';

describe('bracketed text is stripped before searching', () => {
  it('drops (), [] and {} groups', () => {
    expect(stripBrackets('Song (Remastered 2011) [Live]')).toBe('Song');
    expect(stripBrackets('A {demo} B')).toBe('A B');
    expect(stripBrackets('(Intro)')).toBe('(Intro)');
  });
});

describe('D10: the country of a chart request', () => {
  const headers = new Headers({ 'cf-ipcountry': 'de', 'x-vercel-ip-country': 'FR' });
  it('parameter first, then the first configured edge header, else none', () => {
    expect(countryFrom('gb', headers, ['cf-ipcountry'])).toBe('GB');
    expect(countryFrom(undefined, headers, ['x-vercel-ip-country', 'cf-ipcountry'])).toBe('FR');
    expect(countryFrom(undefined, headers, ['cf-ipcountry'])).toBe('DE');
    expect(countryFrom(undefined, new Headers({ 'cf-ipcountry': 'XX' }), ['cf-ipcountry'])).toBeNull();
    expect(countryFrom(undefined, new Headers(), ['cf-ipcountry'])).toBeNull();
  });
});

describe('related tracks helpers', () => {
  it('interleaves lists in turns', () => {
    expect(interleave([[1, 2, 3], [4], [5, 6]])).toEqual([1, 4, 5, 2, 6, 3]);
  });
  it('skips the seed by id and by ISRC, and duplicates', () => {
    const seed = track({ id: 1, isrc: 'AAAAAAAAAAAA' });
    const out = uniqueExcept(
      seed,
      [track({ id: 1 }), track({ id: 2, isrc: 'AAAAAAAAAAAA' }), track({ id: 3 }), track({ id: 3 }), track({ id: 4 })],
      5,
    );
    expect(out.map((t) => t.id)).toEqual([3, 4]);
  });
});

describe('D14 generated art', () => {
  it('is deterministic per seed and differs between seeds', () => {
    const a = generatedArt({ seed: 'x', label: 'X' });
    expect(generatedArt({ seed: 'x', label: 'X' })).toBe(a);
    expect(generatedArt({ seed: 'y', label: 'X' })).not.toBe(a);
    expect(a.startsWith('<svg')).toBe(true);
  });
  it('escapes the label and takes initials from words', () => {
    expect(generatedArt({ seed: 's', label: '<&>' })).toContain('&#60;&#38;&#62;');
    expect(initials('the velvet underground')).toBe('TV');
    expect(initials('!!!')).toBe('♪');
    expect(placeholderArt()).toContain('<svg');
  });
});
