/** @module A short, stable hash of text for storage keys and ETags, the same on every runtime. */

const hex = (a: number, b: number): string =>
  (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');

/** 64-bit FNV-1a over UTF-16 code units, as two 32-bit lanes; hex. Fast and stable everywhere. */
export function hash64(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x050c5d1f;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x01000193) ^ (a >>> 7);
  }
  return hex(a, b);
}

/**
 * `hash64`'s lanes over bytes, four at a time (read little-endian, so the same on every
 * machine): a quarter of the steps, for bodies already encoded (a cached answer's ETag).
 * Each word is scrambled first (MurmurHash3's block mix): a product only carries changes up
 * towards the high bits, and a word's top byte would otherwise barely touch the low ones.
 */
export function hashBytes(bytes: Uint8Array): string {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const whole = bytes.byteLength - (bytes.byteLength & 3);
  let a = 0x811c9dc5;
  let b = 0x050c5d1f;
  const step = (word: number): void => {
    word = Math.imul(word, 0xcc9e2d51);
    word = Math.imul((word << 15) | (word >>> 17), 0x1b873593);
    a = Math.imul(a ^ word, 0x01000193);
    b = Math.imul(b ^ word, 0x01000193) ^ (a >>> 7);
  };
  for (let i = 0; i < whole; i += 4) step(view.getUint32(i, true));
  // The last one to three bytes, as the low bytes of one more word.
  let tail = 0;
  for (let i = bytes.byteLength - 1; i >= whole; i--) tail = (tail << 8) | bytes[i]!;
  if (whole < bytes.byteLength) step(tail);
  return hex(a, b);
}
