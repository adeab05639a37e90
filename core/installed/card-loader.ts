/**
 * @module
 * The card's files read once per renderer: resvg's module and the two fonts, kept once read
 * and instantiated.
 * Shared by core's renderer and the adapters' worker pool, so both answer an unreadable file
 * the same way: 503 `not_configured`, saying what to do, the cause logged once and never
 * shown (it may be a path). A failed read is forgotten, so the next request tries again.
 */
import { SleeveError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import { keptOnSuccess } from '../utils/kept-on-success.ts';
import { CARD_FONT_NAMES, type CardFiles } from './card-files.ts';

const UNREADABLE =
  'PNG cards need the files of @resvg/resvg-wasm and dejavu-fonts-ttf, which this deployment cannot read. Ask for format=svg, install those packages beside Sleeve and let them be read, or pass createSleeve({ cardFiles }).';

export interface CardFileBytes {
  /** resvg's WebAssembly, as bytes or compiled (a Worker's bundler compiles it). */
  wasm: Uint8Array | WebAssembly.Module;
  /** DejaVu Sans, then DejaVu Sans Bold. */
  fonts: Uint8Array[];
}

/** A font is read as bytes: only the WebAssembly may come compiled. */
async function bytesOf(file: Promise<Uint8Array | WebAssembly.Module>): Promise<Uint8Array> {
  const read = await file;
  if (read instanceof Uint8Array) return read;
  throw new TypeError('cardFiles gave a font as a WebAssembly module: a font must be its bytes');
}

/**
 * The files, read on the first call, given to `prepare` (which instantiates resvg with them) and
 * its result kept; throws 503 `not_configured` while either fails.
 */
export function cardFileLoader<T>(
  read: CardFiles,
  log: Logger,
  prepare: (files: CardFileBytes) => Promise<T>,
): () => Promise<T> {
  let told = false;
  const files = keptOnSuccess(async () => {
    const [wasm, ...fonts] = await Promise.all([read('resvg.wasm'), ...CARD_FONT_NAMES.map((n) => bytesOf(read(n)))]);
    return prepare({ wasm: wasm!, fonts: fonts as Uint8Array[] });
  });
  return async () => {
    try {
      return await files();
    } catch (cause) {
      // Logged once, however many requests meet it; the body never carries the cause (a path).
      if (!told)
        log.error('PNG cards cannot read their files', {
          error: cause instanceof Error ? cause.message : String(cause),
        });
      told = true;
      throw new SleeveError('not_configured', UNREADABLE, { cause });
    }
  };
}
