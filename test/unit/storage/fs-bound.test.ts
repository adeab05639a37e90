/**
 * D60: the `fs:<dir>` storage is bounded. Entries keep their lifetime on disk (gone when read
 * past it, swept a few at a time by writes), the directory is held to `SLEEVE_FS_MB` with the
 * oldest written out first, and what an earlier run left is learnt once and trimmed. Time is the
 * storage's injected clock; the disk is a temporary directory.
 */
import { mkdtempSync, readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storageFromSpec } from '../../../core/storage/from-spec.ts';
import type { FsIndex } from '../../../core/storage/fs-storage.ts';
import { ConfigError, optionsFromEnv } from '../../../core/wiring/config.ts';
import { createSleeve } from '../../../core/index.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sleeve-fs-bound-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const BLOCK = 4096;
/** Files under the directory, as keys (`cache/a` for `cache:a`). */
const files = (): string[] =>
  (readdirSync(dir, { recursive: true }) as string[]).filter((f) => statSync(join(dir, f)).isFile()).sort();
const diskBytes = (): number =>
  files().reduce((sum, f) => sum + Math.ceil(statSync(join(dir, f)).size / BLOCK) * BLOCK, 0);
const indexOf = (storage: ReturnType<typeof storageFromSpec>) =>
  (storage.getMount('').driver as unknown as { index: FsIndex }).index;

/** A storage on the directory with a clock the test moves. */
function clocked(maxBytes = 1024 * 1024 * 1024) {
  const clock = { t: 1_800_000_000_000 };
  const storage = storageFromSpec(`fs:${dir}`, undefined, { maxBytes, now: () => clock.t });
  return { storage, clock, index: indexOf(storage) };
}

describe('fs: storage lifetimes (D60)', () => {
  it('an entry read past its lifetime is none, and its file is deleted', async () => {
    const { storage, clock } = clocked();
    await storage.setItem('cache:a', 'answer a', { ttl: 60 });
    await storage.setItem('cache:forever', 'kept');
    expect(await storage.getItem('cache:a')).toBe('answer a');
    clock.t += 59_000;
    expect(await storage.getItem('cache:a')).toBe('answer a');
    clock.t += 2_000;
    expect(await storage.getItem('cache:a')).toBeNull();
    expect(await storage.hasItem('cache:a')).toBe(false);
    expect(files()).toEqual(['cache/forever']);
    // No lifetime: kept as long as the bound allows.
    clock.t += 10 * 365 * 86_400_000;
    expect(await storage.getItem('cache:forever')).toBe('kept');
  });

  it('a lifetime holds across a restart: the next run reads it from the file', async () => {
    const first = clocked();
    await first.storage.setItem('cache:a', { n: 1 }, { ttl: 60 });
    const clock = { t: first.clock.t + 61_000 };
    const next = storageFromSpec(`fs:${dir}`, undefined, { now: () => clock.t });
    expect(await next.getItem('cache:a')).toBeNull();
    expect(files()).toEqual([]);
  });

  it('writes sweep entries past their lifetime, soonest due first, a few a write, without reading them', async () => {
    const { storage, clock, index } = clocked();
    for (let i = 0; i < 20; i++) await storage.setItem(`cache:old${String(i).padStart(2, '0')}`, 'x', { ttl: 10 + i });
    await storage.setItem('cache:long', 'x', { ttl: 3600 });
    clock.t += 40_000;
    await storage.setItem('cache:new1', 'x', { ttl: 3600 });
    // One write's share: 8 of the 20 expired, the soonest due.
    expect(files().filter((f) => f.startsWith('cache/old'))).toHaveLength(12);
    expect(files()).not.toContain('cache/old00');
    expect(files()).toContain('cache/old08');
    await storage.setItem('cache:new2', 'x', { ttl: 3600 });
    await storage.setItem('cache:new3', 'x', { ttl: 3600 });
    expect(files()).toEqual(['cache/long', 'cache/new1', 'cache/new2', 'cache/new3']);
    expect(index.entries).toBe(4);
  });

  it('a rewritten key takes its new lifetime: the old one sweeps nothing', async () => {
    const { storage, clock } = clocked();
    await storage.setItem('cache:a', 'first', { ttl: 10 });
    await storage.setItem('cache:a', 'second', { ttl: 3600 });
    clock.t += 20_000;
    await storage.setItem('cache:b', 'x', { ttl: 3600 });
    expect(await storage.getItem('cache:a')).toBe('second');
  });
});

describe('fs: storage bound (D60)', () => {
  it('stays under its bound, the oldest written out first, each entry counted in whole blocks', async () => {
    const { storage, index } = clocked(10 * BLOCK);
    const body = 'x'.repeat(1000);
    for (let i = 0; i < 40; i++) {
      await storage.setItem(`cache:k${String(i).padStart(2, '0')}`, body);
      expect(index.bytes).toBeLessThanOrEqual(10 * BLOCK);
      expect(diskBytes()).toBeLessThanOrEqual(10 * BLOCK);
    }
    expect(files()).toEqual(Array.from({ length: 10 }, (_, i) => `cache/k${30 + i}`));
    // A rewrite makes an entry the newest again.
    await storage.setItem('cache:k30', body);
    await storage.setItem('cache:k40', body);
    expect(files()).toContain('cache/k30');
    expect(files()).not.toContain('cache/k31');
  });

  it('an entry larger than the bound is not kept', async () => {
    const { storage } = clocked(2 * BLOCK);
    await storage.setItem('cache:small', 'x');
    await storage.setItem('cache:huge', 'x'.repeat(3 * BLOCK));
    expect(files()).toEqual([]);
    expect(await storage.getItem('cache:huge')).toBeNull();
  });

  it("learns an earlier run's entries once, oldest first, and trims them to the bound", async () => {
    const before = clocked();
    for (let i = 0; i < 12; i++) await before.storage.setItem(`cache:e${String(i).padStart(2, '0')}`, 'x');
    // Modification times a second apart, e11 the oldest: the scan orders by them, not by name.
    for (let i = 0; i < 12; i++) utimesSync(join(dir, 'cache', `e${String(i).padStart(2, '0')}`), 1000 - i, 1000 - i);
    const { storage, index } = clocked(5 * BLOCK);
    await storage.setItem('cache:fresh', 'x');
    await index.scanned();
    expect(index.bytes).toBeLessThanOrEqual(5 * BLOCK);
    expect(files()).toEqual(['cache/e00', 'cache/e01', 'cache/e02', 'cache/e03', 'cache/fresh']);
    // Later writes push out the scanned entries before anything this run wrote.
    await storage.setItem('cache:fresh2', 'x');
    expect(files()).toEqual(['cache/e00', 'cache/e01', 'cache/e02', 'cache/fresh', 'cache/fresh2']);
  });

  it('reads an entry written before D60 (no lifetime line) as it is', async () => {
    const { storage } = clocked();
    const lite = (await import('unstorage/drivers/fs-lite')).default({ base: dir });
    await lite.setItem!('cache:legacy', '{"a":1}', {});
    expect(await storage.getItem('cache:legacy')).toEqual({ a: 1 });
  });
});

describe('SLEEVE_FS_MB and fsMb (D60)', () => {
  it('is read from the environment, whole MiB from 1 to 1048576', () => {
    expect(optionsFromEnv({ SLEEVE_FS_MB: '256' }).options.fsMb).toBe(256);
    expect(optionsFromEnv({}).options.fsMb).toBeUndefined();
    for (const bad of ['0', '1048577', '1.5', 'lots'])
      expect(() => optionsFromEnv({ SLEEVE_FS_MB: bad })).toThrow(ConfigError);
    expect(() => optionsFromEnv({ SLEEVE_FS_MB: 'lots' })).toThrow(/whole number of MiB from 1 to 1048576/);
  });

  it("bounds a Sleeve's fs: storage, on the Sleeve's clock", async () => {
    let t = 1_800_000_000_000;
    const sleeve = createSleeve({ storage: `fs:${dir}`, fsMb: 1, now: () => t });
    const storage = sleeve.deps.storage;
    for (let i = 0; i < 300; i++) await storage.setItem(`cache:k${i}`, 'x', { ttl: 60 });
    expect(diskBytes()).toBeLessThanOrEqual(1024 * 1024);
    expect(files().length).toBeLessThan(300);
    t += 61_000;
    expect(await storage.getItem('cache:k299')).toBeNull();
    await sleeve.close();
  });
});
