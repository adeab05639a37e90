/**
 * @module
 * The in-process cache of image bytes, least recently used out first, bounded by the
 * total bytes it holds rather than by a count (one cover is 5 KiB at 56 px, 300 KiB at
 * 1000 px). Pictures are too big for the configured storage (Redis would carry megabytes per
 * page of covers) and cheap to fetch again, so each process keeps its own.
 *
 * Not `lru-cache` (already installed under unstorage, with `maxSize` and `sizeCalculation`
 * doing the same): a Map in insertion order is the whole algorithm, and Sleeve would have to
 * declare a dependency for these thirty lines.
 */

export interface ImageCacheOptions {
  /** Total bytes held at most; an entry larger than this is never kept. */
  maxBytes: number;
}

export interface Sized {
  body: Uint8Array;
}

export class ImageCache<T extends Sized> {
  readonly maxBytes: number;
  #bytes = 0;
  /** Oldest use first: a hit moves its entry to the end. */
  readonly #entries = new Map<string, T>();

  constructor(options: ImageCacheOptions) {
    this.maxBytes = options.maxBytes;
  }

  /** Bytes held now. */
  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: string): T | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry;
  }

  set(key: string, entry: T): void {
    this.delete(key);
    if (entry.body.byteLength > this.maxBytes) return;
    this.#entries.set(key, entry);
    this.#bytes += entry.body.byteLength;
    for (const [oldest, old] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= old.body.byteLength;
    }
  }

  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (entry === undefined) return;
    this.#entries.delete(key);
    this.#bytes -= entry.body.byteLength;
  }
}
