/** `SLEEVE_STORAGE` specs: the bounded memory default, fs, redis (lazily connected), errors. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { storageFromSpec } from '../../../core/storage/from-spec.ts';
import { MEMORY_MAX_BYTES, MEMORY_MAX_ENTRIES } from '../../../core/storage/memory.ts';

describe('storageFromSpec', () => {
  it('memory is bounded by entry count: endless distinct keys evict the oldest', async () => {
    const storage = storageFromSpec('memory');
    for (let i = 0; i < MEMORY_MAX_ENTRIES + 5_000; i++) await storage.setItem(`k${i}`, 'v');
    const keys = await storage.getKeys();
    expect(keys.length).toBe(MEMORY_MAX_ENTRIES);
    expect(await storage.getItem('k0')).toBeNull();
    expect(await storage.getItem(`k${MEMORY_MAX_ENTRIES + 4_999}`)).toBe('v');
  });

  it('memory is bounded by size: large values evict least recently used ones', async () => {
    const storage = storageFromSpec('memory');
    const mib = 'x'.repeat(1024 * 1024);
    for (let i = 0; i < 100; i++) await storage.setItem(`big${i}`, mib);
    const kept = (await storage.getKeys()).length;
    expect(kept).toBeLessThanOrEqual(MEMORY_MAX_BYTES / mib.length);
    expect(kept).toBeGreaterThan(50);
    expect(await storage.getItem('big99')).toBe(mib);
    expect(await storage.getItem('big0')).toBeNull();
  });

  it('fs:<dir> keeps entries on disk, shared by two storages on the same dir', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sleeve-fs-'));
    try {
      await storageFromSpec(`fs:${dir}`).setItem('cache:abc', { a: 1 });
      expect(await storageFromSpec(`fs:${dir}`).getItem('cache:abc')).toEqual({ a: 1 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('redis:// builds a Redis-backed storage without connecting until used', () => {
    const storage = storageFromSpec('redis://127.0.0.1:1');
    expect(storage.getMount('').driver.name).toBe('redis');
  });

  it.each(['deno-kv', 'deno-kv:/tmp/sleeve.sqlite'])(
    'refuses %j where there is no Deno.openKv (Node), saying why',
    (spec) => {
      expect(() => storageFromSpec(spec)).toThrow(/needs Deno KV \(openKv\).*--unstable-kv.*Deno Deploy/);
    },
  );

  it.each(['mongodb://x', 'fs:', 'redis://', ''])('refuses %j with a message listing the choices', (spec) => {
    expect(() => storageFromSpec(spec)).toThrow(/memory, fs:<dir>, redis:\/\/host:port, deno-kv or deno-kv:<path>/);
  });
});
