/**
 * @module
 * The query of `/cover` and its older
 * path `/spotify/cover`, read the way its callers write it. A Discord bot builds
 * `/spotify/cover?format=webp&width=576&height=576&artist=<A>&title=<T>` encoding only spaces,
 * so `&`, `+` and non-ASCII characters arrive raw (`artist=Simon%20&%20Garfunkel`), and a `#`
 * ends the URL (the client never sends the fragment). Hence:
 *
 * - the query is cut only where a parameter begins: `&` and then a plain name and `=`
 *   (`&title=`, or an unknown `&v=2` cache-buster, which is then ignored like any unknown parameter); any
 *   other `&` belongs to the value (`Simon%20&%20Garfunkel` is one artist);
 * - percent escapes are decoded leniently: valid UTF-8 escapes decode, a `%` not followed by
 *   two hex digits stays a literal `%` (`100%25` and `100%` both read `100%`), and bytes that
 *   are not UTF-8 read as Latin-1 (`Beyonc%E9`);
 * - `+` is a literal plus, never a space: the bot sends a raw `+` as a character of the name.
 *   Names are compared folded (case, accents and punctuation ignored), so a form-encoded
 *   `Daft+Punk` still finds Daft Punk;
 * - the first occurrence of a parameter counts.
 *
 * Pure, and never throws: this path answers a picture or the placeholder, never a 400 for its
 * query (the route decides what `/cover` itself requires).
 */
import type { ImageFormat } from '../../domain/images.ts';

/** Where a parameter begins: the start of the query, or `&`, then a plain name and `=`. */
const PARAMETER = /(?:^|&)([A-Za-z_][A-Za-z0-9_.-]*)=/g;
const ESCAPES = /(?:%[0-9A-Fa-f]{2})+/g;

/** The parameters of a URL's query, read tolerantly (see the module); unknown ones included. */
export function readImageQuery(url: string): Record<string, string> {
  const start = url.indexOf('?');
  if (start < 0) return {};
  const hash = url.indexOf('#', start);
  const search = url.slice(start + 1, hash < 0 ? undefined : hash);
  const starts = [...search.matchAll(PARAMETER)];
  const out = new Map<string, string>();
  starts.forEach((match, i) => {
    const name = match[1]!;
    const from = match.index + match[0].length;
    const to = starts[i + 1]?.index ?? search.length;
    if (!out.has(name)) out.set(name, decodeLenient(search.slice(from, to)));
  });
  // fromEntries defines own properties, so even a `__proto__` parameter stays a plain entry.
  return Object.fromEntries(out);
}

/** Percent-decodes what is valid and keeps the rest as written (see the module). */
export function decodeLenient(text: string): string {
  return text.replace(ESCAPES, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return decodeBytes(
        run
          .slice(1)
          .split('%')
          .map((hex) => Number.parseInt(hex, 16)),
      );
    }
  });
}

/** Bytes of a run of escapes that is not all UTF-8: each valid sequence as UTF-8, any other byte as Latin-1. */
function decodeBytes(bytes: number[]): string {
  let out = '';
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i]!;
    const length =
      b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (length > 0 && i + length <= bytes.length) {
      try {
        out += decodeURIComponent(
          bytes
            .slice(i, i + length)
            .map((x) => `%${x.toString(16).padStart(2, '0')}`)
            .join(''),
        );
        i += length;
        continue;
      } catch {
        // Not a valid sequence: this byte alone, as Latin-1.
      }
    }
    out += String.fromCharCode(b);
    i++;
  }
  return out;
}

/** The largest side an image may be asked for (`width`, `height` 1-1000: docs/endpoints.md). */
export const MAX_IMAGE_SIDE = 1000;

export interface ImageSize {
  width?: number;
  height?: number;
  format?: ImageFormat;
}

const FORMATS: Readonly<Record<string, ImageFormat>> = { jpg: 'jpg', jpeg: 'jpg', png: 'png', webp: 'webp' };

/**
 * `width`, `height` and `format` as asked. A side that is not an integer from 1 to 1000, or a
 * format other than jpg (jpeg), png or webp, is ignored: the picture comes at its default
 * size or format, never as a 400 (an `<img>` or a chat embed cannot show an error anyway).
 */
export function imageSize(query: {
  width?: string | undefined;
  height?: string | undefined;
  format?: string | undefined;
}): ImageSize {
  const side = (raw: string | undefined): number | undefined => {
    const text = raw?.trim() ?? '';
    if (!/^\d{1,4}$/.test(text)) return undefined;
    const value = Number(text);
    return value >= 1 && value <= MAX_IMAGE_SIDE ? value : undefined;
  };
  const size: ImageSize = {};
  const width = side(query.width);
  const height = side(query.height);
  const asked = query.format?.trim().toLowerCase() ?? '';
  const format = Object.hasOwn(FORMATS, asked) ? FORMATS[asked] : undefined;
  if (width !== undefined) size.width = width;
  if (height !== undefined) size.height = height;
  if (format !== undefined) size.format = format;
  return size;
}
