/**
 * The pieces of the image routes that need no server: the tolerant query reader of `/cover`
 * and `/spotify/cover`, the size and format rules, Deezer's picture URLs (D14: no
 * other host, ever) and the bytes cache bounded by total size.
 */
import { describe, expect, it } from 'vitest';
import { ImageCache } from '../../../core/storage/image-cache.ts';
import { decodeLenient, imageSize, readImageQuery } from '../../../core/services/media/image-query.ts';
import { deezerImageUrl } from '../../../core/drivers/deezer/images.ts';

const q = (search: string) => readImageQuery(`http://sleeve.test/spotify/cover?${search}`);

describe('readImageQuery', () => {
  it('cuts only where a parameter begins: a raw & inside a name stays in it', () => {
    expect(q('format=webp&width=576&height=576&artist=Simon%20&%20Garfunkel&title=The%20Boxer')).toEqual({
      format: 'webp',
      width: '576',
      height: '576',
      artist: 'Simon & Garfunkel',
      title: 'The Boxer',
    });
    expect(q('artist=Polo%20&%20Pan&title=Rock&Roll')).toEqual({ artist: 'Polo & Pan', title: 'Rock&Roll' });
    expect(q('artist=A&title=Tom%20&%20Jerry%20&%20Friends')).toEqual({ artist: 'A', title: 'Tom & Jerry & Friends' });
  });

  it('another plain name= starts an unknown parameter (a cache-buster), which the route ignores', () => {
    expect(q('artist=Daft%20Punk&title=Discovery&v=1712345678&_=1')).toEqual({
      artist: 'Daft Punk',
      title: 'Discovery',
      v: '1712345678',
      _: '1',
    });
  });

  it('+ is a literal plus; raw characters past ASCII stay as they came', () => {
    expect(q('artist=Daft+Punk&title=Red+Hot%20+%20Rhapsody')).toEqual({
      artist: 'Daft+Punk',
      title: 'Red+Hot + Rhapsody',
    });
    expect(q('artist=Björk&title=Jóga')).toEqual({ artist: 'Björk', title: 'Jóga' });
    expect(q('artist=Bj%C3%B6rk&title=J%C3%B3ga')).toEqual({ artist: 'Björk', title: 'Jóga' });
  });

  it('a # ends the query; the first of a repeated parameter counts; no query is empty', () => {
    expect(q('artist=Daft%20Punk&title=Discovery#2001&title=x')).toEqual({ artist: 'Daft Punk', title: 'Discovery' });
    expect(q('artist=A&title=#1')).toEqual({ artist: 'A', title: '' });
    expect(q('artist=A&artist=B&title=T')).toEqual({ artist: 'A', title: 'T' });
    expect(readImageQuery('http://sleeve.test/spotify/cover')).toEqual({});
    expect(q('')).toEqual({});
    expect(q('%20Garfunkel&title=x')).toEqual({ title: 'x' });
  });

  it('a parameter named __proto__ is a plain entry', () => {
    const read = q('__proto__=x&artist=A');
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype);
    expect(read['artist']).toBe('A');
  });
});

describe('decodeLenient', () => {
  it('decodes valid escapes and keeps a % that starts none', () => {
    expect(decodeLenient('100%')).toBe('100%');
    expect(decodeLenient('100%25')).toBe('100%');
    expect(decodeLenient('100%%20Pure')).toBe('100% Pure');
    expect(decodeLenient('%ZZ%2')).toBe('%ZZ%2');
    expect(decodeLenient('S%C3%A9bastien')).toBe('Sébastien');
  });

  it('reads bytes that are not UTF-8 as Latin-1, and valid sequences beside them as UTF-8', () => {
    expect(decodeLenient('Beyonc%E9')).toBe('Beyoncé');
    expect(decodeLenient('%E9%C3%A9%C3')).toBe('éé\u00c3');
    expect(decodeLenient('%F0%9F%8E%B5')).toBe('🎵');
  });
});

describe('imageSize', () => {
  it('takes sides from 1 to 1000 and jpg, jpeg, png, webp in any case', () => {
    expect(imageSize({ width: '576', height: '576', format: 'webp' })).toEqual({
      width: 576,
      height: 576,
      format: 'webp',
    });
    expect(imageSize({ width: ' 1 ', format: 'JPEG' })).toEqual({ width: 1, format: 'jpg' });
    expect(imageSize({ height: '1000', format: 'png' })).toEqual({ height: 1000, format: 'png' });
  });

  it('ignores anything else, never throwing', () => {
    for (const width of ['0', '1001', '-5', '1e3', '12.5', 'abc', '', '99999'])
      expect(imageSize({ width }), width).toEqual({});
    for (const format of ['gif', 'svg', 'constructor', '__proto__', 'toString'])
      expect(imageSize({ format }), format).toEqual({});
    expect(imageSize({})).toEqual({});
  });
});

describe('deezerImageUrl', () => {
  const picture =
    'https://e-cdns-images.dzcdn.net/images/cover/5718f7c81c27e0b2417e2a4c45224f8a/1000x1000-000000-80-0-0.jpg';

  it('keeps a Deezer picture on its host, over HTTPS, at its own size by default', () => {
    expect(deezerImageUrl(picture)).toBe(picture);
    for (const host of ['cdn-images.dzcdn.net', 'cdns-images.dzcdn.net', 'CDN-Images.DZCDN.net']) {
      expect(deezerImageUrl(picture.replace('e-cdns-images.dzcdn.net', host))).toBe(
        picture.replace('e-cdns-images.dzcdn.net', host.toLowerCase()),
      );
    }
  });

  it('asks the size and format wanted: a missing side follows the other; webp stays JPEG', () => {
    expect(deezerImageUrl(picture, { width: 576, height: 576, format: 'webp' })).toMatch(
      /\/576x576-000000-80-0-0\.jpg$/,
    );
    expect(deezerImageUrl(picture, { width: 300, format: 'png' })).toMatch(/\/300x300-000000-80-0-0\.png$/);
    expect(deezerImageUrl(picture, { height: 56 })).toMatch(/\/56x56-000000-80-0-0\.jpg$/);
    expect(deezerImageUrl(picture, { width: 640, height: 320 })).toMatch(/\/640x320-000000-80-0-0\.jpg$/);
    expect(deezerImageUrl(picture, { width: 0, height: 1.5 })).toBe(picture);
    expect(deezerImageUrl(picture, { width: 5000, height: 200 })).toMatch(/\/200x200-000000-80-0-0\.jpg$/);
  });

  it('moves it onto the configured origin, path prefix kept, and nothing else of the URL', () => {
    expect(deezerImageUrl(`${picture}?x=1#y`, {}, 'http://127.0.0.1:8788/deezer-images/')).toBe(
      'http://127.0.0.1:8788/deezer-images/images/cover/5718f7c81c27e0b2417e2a4c45224f8a/1000x1000-000000-80-0-0.jpg',
    );
  });

  it('refuses anything that is not a Deezer picture', () => {
    const path = new URL(picture).pathname;
    for (const url of [
      `https://evil.example${path}`,
      `https://e-cdns-images.dzcdn.net@evil.example${path}`,
      `https://user:pass@e-cdns-images.dzcdn.net${path}`,
      `https://e-cdns-images.dzcdn.net:8443${path}`,
      `https://e-cdns-images.dzcdn.net.evil.example${path}`,
      `https://dzcdn.net${path}`,
      `https://api.deezer.com/album/302127/image`,
      `https://e-cdns-images.dzcdn.net/images/artist//1000x1000-000000-80-0-0.jpg`,
      `https://e-cdns-images.dzcdn.net/images/cover/5718F7C81C27E0B2417E2A4C45224F8A/1000x1000-000000-80-0-0.jpg`,
      `https://e-cdns-images.dzcdn.net/images/cover/5718f7c81c27e0b2417e2a4c45224f8a/1000x1000-000000-80-0-0.svg`,
      `https://e-cdns-images.dzcdn.net/images/cover/5718f7c81c27e0b2417e2a4c45224f8a/../../../etc/passwd`,
      `ftp://e-cdns-images.dzcdn.net${path}`,
      `//e-cdns-images.dzcdn.net${path}`,
      path,
      'not a url',
      '',
    ]) {
      expect(deezerImageUrl(url, { width: 100 }, 'http://127.0.0.1:1'), url).toBeNull();
    }
  });
});

describe('ImageCache', () => {
  const entry = (bytes: number) => ({ body: new Uint8Array(bytes) });

  it('holds at most maxBytes, the least recently used out first', () => {
    const cache = new ImageCache<{ body: Uint8Array }>({ maxBytes: 100 });
    cache.set('a', entry(40));
    cache.set('b', entry(40));
    expect(cache.get('a')).toBeDefined();
    cache.set('c', entry(40));
    expect([cache.get('a') !== undefined, cache.get('b') !== undefined, cache.get('c') !== undefined]).toEqual([
      true,
      false,
      true,
    ]);
    expect(cache.bytes).toBe(80);
  });

  it('never keeps an entry larger than the whole cache; replacing an entry counts its bytes once', () => {
    const cache = new ImageCache<{ body: Uint8Array }>({ maxBytes: 100 });
    cache.set('a', entry(30));
    cache.set('big', entry(101));
    expect([cache.get('big'), cache.size, cache.bytes]).toEqual([undefined, 1, 30]);
    cache.set('a', entry(50));
    expect([cache.size, cache.bytes]).toEqual([1, 50]);
    cache.delete('a');
    expect([cache.size, cache.bytes]).toEqual([0, 0]);
  });
});
