/** @module What the card pool (`card-pool.ts`) and its worker threads (`card-worker.ts`) say to each other. */

/** From the pool: the files once, first; then SVGs to draw. */
export type ToPool =
  | { kind: 'files'; wasm: Uint8Array | WebAssembly.Module; fonts: Uint8Array[] }
  | { kind: 'draw'; id: number; svg: string };

/** From a worker: whether resvg started, then each drawing's PNG or error. */
export type FromPool =
  | { kind: 'ready' }
  | { kind: 'failed'; error: string }
  | { kind: 'drawn'; id: number; png: Uint8Array<ArrayBuffer> }
  | { kind: 'error'; id: number; error: string };
