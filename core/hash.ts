/** @module A short, stable hash of text for storage keys and ETags, the same on every runtime. */

/** 64-bit FNV-1a over UTF-16 code units, as two 32-bit lanes; hex. Fast and stable everywhere. */
export function hash64(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x050c5d1f;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x01000193) ^ (a >>> 7);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}
