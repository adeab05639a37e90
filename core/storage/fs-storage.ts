/**
 * @module
 * `SLEEVE_STORAGE=fs:<dir>`, bounded (D60). unstorage's `fs-lite` driver keeps one file an entry
 * and nothing else: it ignores lifetimes and deletes nothing, so every distinct request a cache
 * ever kept stayed on disk. This driver, around it, gives the directory what a cache needs:
 *
 * - each file starts with its lifetime (a first line `#<Unix ms>`, or `#-` for none), so an entry
 *   read past it is gone, this run or the next;
 * - every write drops a few entries past their lifetime (the soonest due first), then the oldest
 *   written while the whole is over `SLEEVE_FS_MB`: a write's work is bounded, never a scan;
 * - what an earlier run left is learnt once, by one scan of the directory on first use (sizes and
 *   modification times only, oldest first): its entries go first past the bound, and their
 *   lifetimes are read when they are.
 *
 * The index (key → bytes, lifetime) is this process's: several processes on one directory each
 * hold it to the bound as far as they know it. Times are the Sleeve's clock (`now`), which the
 * cache layer's lifetimes are counted on.
 */
import { createStorage, type Driver, type Storage } from 'unstorage';
import fsLiteDriver from 'unstorage/drivers/fs-lite';
import { fsBytes } from './disk-bound.ts';

export interface FsStorageOptions {
  /** The directory. */
  base: string;
  /** Bytes the entries may take on disk (default `SLEEVE_FS_MB`'s 1 GiB). */
  maxBytes?: number;
  /** Unix milliseconds: the Sleeve's clock. */
  now?: () => number;
}

/** What the driver says of its index, for tests and the curious. */
export interface FsIndex {
  /** Entries known, and the bytes they are counted at. */
  readonly entries: number;
  readonly bytes: number;
  /** Resolves once the start-up scan has learnt the directory (and trimmed it to the bound). */
  scanned(): Promise<void>;
}

/** A file's first line: the Unix ms it expires at, or `-`. A file without one was written before D60: no lifetime known. */
const HEADER = /^#(\d+|-)\n/;
/** What a disk gives a small file at least: a block of 4 KiB, so a 300-byte answer costs 4 KiB of the bound. */
const BLOCK = 4096;
/** Expired entries dropped by one write at most, and entries of the due-list looked at: a write's work stays bounded. */
const SWEEP_PER_WRITE = 8;
const LOOKS_PER_WRITE = 4 * SWEEP_PER_WRITE;
/** Files stat'ed, or deleted, at once by the start-up scan. */
const SCAN_BATCH = 64;

interface Held {
  bytes: number;
  /** Unix ms, null for never; undefined while not known (left by an earlier run, not read yet). */
  expiresAt: number | null | undefined;
}

/** An entry on the due-list; stale once its key holds another `Held` (rewritten or dropped). */
interface Due {
  at: number;
  key: string;
  held: Held;
}

const encoder = new TextEncoder();
const costOf = (key: string, content: string): number =>
  Math.ceil((encoder.encode(content).byteLength + key.length) / BLOCK) * BLOCK;

function fsDriver(options: FsStorageOptions): Driver & { index: FsIndex } {
  const lite = fsLiteDriver({ base: options.base });
  const maxBytes = options.maxBytes ?? fsBytes();
  const now = options.now ?? Date.now;
  /** Oldest written first: a write moves its key to the end. */
  let entries = new Map<string, Held>();
  let total = 0;
  /** A binary min-heap on `at`: the entries with a lifetime, soonest due on top. */
  let due: Due[] = [];
  let scan: Promise<void> | undefined;

  const forget = (key: string): void => {
    const held = entries.get(key);
    if (held === undefined) return;
    entries.delete(key);
    total -= held.bytes;
  };
  const remove = async (keys: readonly string[]): Promise<void> => {
    for (let i = 0; i < keys.length; i += SCAN_BATCH)
      await Promise.all(keys.slice(i, i + SCAN_BATCH).map((key) => lite.removeItem!(key, {})));
  };

  const push = (entry: Due): void => {
    due.push(entry);
    for (let i = due.length - 1; i > 0; ) {
      const parent = (i - 1) >> 1;
      if (due[parent]!.at <= due[i]!.at) break;
      [due[parent], due[i]] = [due[i]!, due[parent]!];
      i = parent;
    }
  };
  const pop = (): Due => {
    const top = due[0]!;
    const last = due.pop()!;
    if (due.length > 0) {
      due[0] = last;
      for (let i = 0; ; ) {
        const left = 2 * i + 1;
        const right = left + 1;
        let least = i;
        if (left < due.length && due[left]!.at < due[least]!.at) least = left;
        if (right < due.length && due[right]!.at < due[least]!.at) least = right;
        if (least === i) break;
        [due[least], due[i]] = [due[i]!, due[least]!];
        i = least;
      }
    }
    return top;
  };
  const remember = (key: string, held: Held): void => {
    if (typeof held.expiresAt === 'number') push({ at: held.expiresAt, key, held });
    // Rewritten keys leave stale entries behind: past twice the live ones, the list is rebuilt
    // (its cost spread over as many writes as made it grow).
    if (due.length > 2 * entries.size + 64) {
      const old = due;
      due = [];
      for (const entry of old) if (entries.get(entry.key) === entry.held) push(entry);
    }
  };

  /** Keys past their lifetime, soonest due first, at most a write's share. */
  const expired = (at: number): string[] => {
    const doomed: string[] = [];
    for (let looks = 0; looks < LOOKS_PER_WRITE && doomed.length < SWEEP_PER_WRITE; looks++) {
      if (due.length === 0 || due[0]!.at > at) break;
      const { key, held } = pop();
      if (entries.get(key) !== held) continue;
      forget(key);
      doomed.push(key);
    }
    return doomed;
  };
  /** The oldest written, while the whole is over the bound (an entry larger than the bound goes too). */
  const overBound = (): string[] => {
    const doomed: string[] = [];
    for (const key of entries.keys()) {
      if (total <= maxBytes) break;
      forget(key);
      doomed.push(key);
    }
    return doomed;
  };

  /** What an earlier run left: ordered oldest first, ahead of what this run has written since. */
  const learn = async (): Promise<void> => {
    const paths = (await lite.getKeys('', {})) as string[];
    const found: { key: string; bytes: number; at: number }[] = [];
    for (let i = 0; i < paths.length; i += SCAN_BATCH)
      await Promise.all(
        paths.slice(i, i + SCAN_BATCH).map(async (path) => {
          const meta = (await lite.getMeta!(path, {})) as { size?: number; mtime?: Date };
          if (meta.size === undefined) return;
          const bytes = Math.ceil((meta.size + path.length) / BLOCK) * BLOCK;
          found.push({ key: path.replace(/\//g, ':'), bytes, at: meta.mtime?.getTime() ?? 0 });
        }),
      );
    found.sort((a, b) => a.at - b.at);
    const known = new Map<string, Held>();
    for (const { key, bytes } of found) {
      if (entries.has(key) || known.has(key)) continue;
      known.set(key, { bytes, expiresAt: undefined });
      total += bytes;
    }
    for (const [key, held] of entries) known.set(key, held);
    entries = known;
    // Once, at start-up: a directory filled before the bound (or under a larger one) is trimmed now.
    await remove(overBound());
  };
  // A scan that fails (the directory unreadable) leaves the bound to what this run writes: the
  // writes themselves will say what is wrong, through the storage's breaker.
  const start = (): Promise<void> => (scan ??= learn().catch(() => {}));

  const read = async (key: string): Promise<string | null> => {
    void start();
    const raw = (await lite.getItem(key, {})) as string | null;
    if (raw === null) {
      forget(key);
      return null;
    }
    const header = HEADER.exec(raw);
    if (header === null) return raw;
    const expiresAt = header[1] === '-' ? null : Number(header[1]);
    if (expiresAt !== null && expiresAt <= now()) {
      forget(key);
      await lite.removeItem!(key, {});
      return null;
    }
    const held = entries.get(key);
    if (held !== undefined && held.expiresAt === undefined) {
      held.expiresAt = expiresAt;
      remember(key, held);
    }
    return raw.slice(header[0].length);
  };

  return {
    name: 'fs',
    options,
    index: {
      get entries() {
        return entries.size;
      },
      get bytes() {
        return total;
      },
      scanned: start,
    },
    hasItem: async (key) => (await read(key)) !== null,
    getItem: (key) => read(key),
    async setItem(key, value: unknown, opts) {
      void start();
      const at = now();
      const ttl = Number((opts as { ttl?: unknown } | undefined)?.ttl);
      const expiresAt = ttl > 0 ? at + ttl * 1000 : null;
      const content = `#${expiresAt ?? '-'}\n${String(value)}`;
      await lite.setItem!(key, content, {});
      forget(key);
      const held: Held = { bytes: costOf(key, content), expiresAt };
      entries.set(key, held);
      total += held.bytes;
      remember(key, held);
      await remove([...expired(at), ...overBound()]);
    },
    async removeItem(key) {
      forget(key);
      await lite.removeItem!(key, {});
    },
    getKeys: (base, opts) => lite.getKeys(base, opts),
    async clear(base, opts) {
      await lite.clear!(base, opts);
      entries = new Map();
      total = 0;
      due = [];
    },
  };
}

export function fsStorage(options: FsStorageOptions): Storage {
  return createStorage({ driver: fsDriver(options) });
}
