/**
 * @module
 * Text folding shared by search and filters: case, accents and punctuation do not matter
 * (D15), so `Zoé's  Café!` and `zoes cafe` fold alike.
 */

export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Whether `needle` occurs in `haystack` as whole words, both folded. */
export function containsWords(haystack: string, needle: string): boolean {
  if (needle === '') return false;
  return ` ${haystack} `.includes(` ${needle} `);
}
