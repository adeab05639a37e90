/** D9: how a cached answer is kept in the storage (one string per entry) and read back. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createStorage } from 'unstorage';
import { afterAll, describe, expect, it } from 'vitest';
import { fromStorage, heldOf, storedForm, type Entry } from '../../../core/http/cache/entry.ts';
import { hashBytes } from '../../../core/utils/hash.ts';
import { storageFromSpec } from '../../../core/storage/from-spec.ts';
import { echoEndpoint, testApp } from '../../helpers/http/app.ts';

const dir = mkdtempSync(join(tmpdir(), 'sleeve-entry-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const awkward = JSON.stringify({ text: 'line\nbreak "quoted" \\ back, café 東京 🎵', n: [1, 2] });
const ok: Entry = {
  k: 'search/all query=a',
  status: 200,
  body: awkward,
  etag: '"x-1"',
  freshUntil: 1_800_000_000_000,
  maxAge: 900,
};
const gone: Entry = {
  k: 'track q=9',
  status: 404,
  message: 'No track\nhere.',
  param: 'id',
  extra: { a: '1' },
  etag: '',
  freshUntil: null,
  maxAge: 300,
};

describe('cache entries in the storage (D9)', () => {
  it('come back as they went in: a body with newlines, quotes and any script, and a 404 without one', () => {
    expect(fromStorage(storedForm(ok))).toEqual(ok);
    expect(fromStorage(storedForm(gone))).toEqual(gone);
    // The body is kept as it is, after one line of fields: not escaped inside JSON.
    expect(storedForm(ok).endsWith(`\n${awkward}`)).toBe(true);
  });

  it('survive the memory and fs storages unchanged (unstorage does not parse them)', async () => {
    for (const storage of [storageFromSpec('memory'), storageFromSpec(`fs:${dir}`)]) {
      await storage.setItem('cache:a', storedForm(ok));
      await storage.setItem('cache:b', storedForm(gone));
      expect(fromStorage(await storage.getItem('cache:a'))).toEqual(ok);
      expect(fromStorage(await storage.getItem('cache:b'))).toEqual(gone);
    }
  });

  it("anything else is no entry: an earlier version's object, a cut or foreign string", () => {
    expect(fromStorage({ ...ok })).toBeNull();
    expect(fromStorage(null)).toBeNull();
    expect(fromStorage('{"k":"x"}')).toBeNull();
    expect(fromStorage(storedForm(ok).slice(0, 30))).toBeNull();
  });

  it('an entry of an earlier version in the storage is a miss, then replaced', async () => {
    const storage = createStorage();
    const echo = echoEndpoint();
    const app = testApp([echo.endpoint], { storage, rateLimits: 'off' });
    await app.fetch('/t/echo?query=a');
    const [key] = await storage.getKeys();
    await storage.setItem(key!, { ...fromStorage(await storage.getItem(key!))!, body: '{"query":"stale"}' });
    const other = testApp([echo.endpoint], { storage, rateLimits: 'off' });
    const res = await other.fetch('/t/echo?query=a');
    expect(res.headers.get('x-cache')).toBe('MISS');
    expect(await res.json()).toMatchObject({ query: 'a', call: 2 });
    expect(fromStorage(await storage.getItem(key!))?.body).toContain('"call":2');
  });

  it("a new entry's ETag is a hash of its UTF-8 bytes and their count", () => {
    const held = heldOf('k', 200, awkward, null, 60);
    const bytes = new TextEncoder().encode(awkward);
    expect(held.entry.etag).toBe(`"${hashBytes(bytes)}-${bytes.length.toString(36)}"`);
    expect(held.bytes).toEqual(bytes);
    expect(heldOf('k', 200, `${awkward} `, null, 60).entry.etag).not.toBe(held.entry.etag);
  });
});

describe('hashBytes', () => {
  it('is stable, reads any view of a buffer, and changes with any byte', () => {
    const encode = (s: string) => new TextEncoder().encode(s);
    expect(hashBytes(encode('abcde'))).toBe(hashBytes(encode('abcde')));
    expect(hashBytes(encode('xabcde').subarray(1))).toBe(hashBytes(encode('abcde')));
    const base = encode('a'.repeat(64));
    const seen = new Set([hashBytes(base)]);
    for (let i = 0; i < base.length; i++) {
      for (const bit of [0x01, 0x80]) {
        const changed = base.slice();
        changed[i]! ^= bit;
        seen.add(hashBytes(changed));
      }
    }
    // Every one-bit change, in any byte of a word and in the tail, gives another hash.
    expect(seen.size).toBe(1 + base.length * 2);
    expect(new Set(['', 'a', 'ab', 'abc', 'abcd'].map((s) => hashBytes(encode(s)))).size).toBe(5);
  });
});
