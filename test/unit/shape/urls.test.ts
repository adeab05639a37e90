import { describe, expect, it } from 'vitest';
import { formatDuration, keyName } from '../../../core/utils/format.ts';
import { artistImageUrl, baseUrlOf, coverUrl } from '../../../core/shape/urls.ts';

describe('shared formatting', () => {
  it('formats durations as M:SS, rounding to the nearest second', () => {
    expect(formatDuration(185_000)).toBe('3:05');
    expect(formatDuration(59_600)).toBe('1:00');
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(75 * 60_000)).toBe('75:00');
  });

  it('names pitch classes, pairs for the black keys, empty for no key', () => {
    expect(keyName(0)).toBe('C');
    expect(keyName(1)).toBe('C#/Db');
    expect(keyName(11)).toBe('B');
    expect(keyName(-1)).toBe('');
  });

  it('URL-encodes cover names and builds artist image URLs', () => {
    expect(coverUrl('https://m.example', 'AC/DC & Co', 'Back in Black?')).toBe(
      'https://m.example/cover?artist=AC%2FDC%20%26%20Co&title=Back%20in%20Black%3F',
    );
    expect(artistImageUrl('https://m.example', 42)).toBe('https://m.example/artistimage?id=42');
  });

  it('takes the configured base over the request origin and mount path', () => {
    const request = new Request('http://127.0.0.1:8787/track/info?x=1');
    expect(baseUrlOf({ baseUrl: undefined, basePath: '' }, request)).toBe('http://127.0.0.1:8787');
    expect(baseUrlOf({ baseUrl: undefined, basePath: '/music' }, request)).toBe('http://127.0.0.1:8787/music');
    expect(baseUrlOf({ baseUrl: 'https://music.example', basePath: '/music' }, request)).toBe('https://music.example');
    expect(baseUrlOf({ baseUrl: undefined, basePath: '' }, new Request('https://[::1]/x'))).toBe('https://[::1]');
  });
});
