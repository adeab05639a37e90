/**
 * @module
 * Deezer's image host in the replay, mounted at `/deezer-images`: what the Deezer driver's
 * `imagesUrl` (`SLEEVE_DEEZER_IMAGES_URL`) points at to run offline. It answers the paths of
 * Deezer's CDN, `/images/<cover|artist>/<md5>/<w>x<h>-000000-80-0-0.<jpg|png>`, for every
 * picture the Deezer recordings name, at any size up to 1900 (Deezer's CDN refuses larger
 * with a 403), and 404 for any other picture.
 *
 * Nobody recorded image bytes, so every picture of a kind is one generated stand-in, a small
 * real JPEG or PNG kept in `test/fixtures/deezer-images/` (see PROVENANCE.md there), the same
 * bytes at every size. This file also makes them: `npx tsx replay/deezer/images.ts` writes
 * them again, byte for byte (the encoders below use no compression library, so no library
 * version can change a byte); a test checks the files are what it makes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadRecordings } from './fixtures.ts';
import type { Answer, Upstream } from '../contract.ts';

export const IMAGE_FIXTURES_DIR: URL = new URL('../../test/fixtures/deezer-images/', import.meta.url);

type PictureKind = 'cover' | 'artist';
type PictureFormat = 'jpg' | 'png';

const CONTENT_TYPES: Readonly<Record<PictureFormat, string>> = { jpg: 'image/jpeg', png: 'image/png' };
/** Deezer's CDN draws up to 1900 px a side and answers 403 past it. */
const MAX_SIDE = 1900;

const PICTURE = /^\/images\/(cover|artist)\/([0-9a-f]{32})\/(\d{1,5})x(\d{1,5})-000000-80-0-0\.(jpg|png)$/;
/** A picture named in a recorded body, escaped (`\/`) or not. */
const NAMED = /images\\?\/(cover|artist)\\?\/([0-9a-f]{32})\\?\//g;

const standInFile = (kind: PictureKind, format: PictureFormat): string => `${kind}.${format}`;

/** `cover/<md5>` of every picture the Deezer recordings name. */
function recordedPictures(): Set<string> {
  const named = new Set<string>();
  for (const recording of loadRecordings()) {
    for (const [, kind, md5] of recording.text.matchAll(NAMED)) named.add(`${kind}/${md5}`);
  }
  return named;
}

let pictures: { named: Set<string>; files: Map<string, Buffer> } | undefined;

function load(): NonNullable<typeof pictures> {
  if (pictures === undefined) {
    const files = new Map<string, Buffer>();
    for (const kind of ['cover', 'artist'] as const) {
      for (const format of ['jpg', 'png'] as const) {
        const file = standInFile(kind, format);
        files.set(file, readFileSync(new URL(file, IMAGE_FIXTURES_DIR)));
      }
    }
    pictures = { named: recordedPictures(), files };
  }
  return pictures;
}

function text(status: number, body: string, kind: Answer['kind']): Answer {
  return { status, contentType: 'text/plain; charset=utf-8', body, kind };
}

/**
 * The server writes an answer's body with `Buffer.byteLength` and `response.end`, which take
 * bytes as well as text; `Answer.body` is typed as text only (see the report: one line in
 * `contract.ts` would say `string | Uint8Array`).
 */
const binary = (bytes: Buffer): string => bytes as unknown as string;

export function deezerImagesUpstream(): Upstream {
  const { named, files } = load();
  return {
    answer({ method, path }) {
      const match = PICTURE.exec(path);
      if (method !== 'GET' || match === null) return text(404, 'Not Found', 'notfound');
      const [, kind, md5, width, height, format] = match as unknown as [
        string,
        PictureKind,
        string,
        string,
        string,
        PictureFormat,
      ];
      if (!named.has(`${kind}/${md5}`)) return text(404, 'Not Found', 'notfound');
      const sides = [Number(width), Number(height)];
      if (sides.some((side) => side < 1 || side > MAX_SIDE)) return text(403, 'Forbidden', 'notfound');
      return {
        status: 200,
        contentType: CONTENT_TYPES[format],
        body: binary(files.get(standInFile(kind, format))!),
        kind: 'ok',
      };
    },
    // A CDN has no quota of its own to report; a busy edge answers 429.
    quotaExceeded: () => text(429, 'Too Many Requests', 'quota'),
    // The way a CDN fails with a 200: a page that is not a picture.
    error200: () => ({
      status: 200,
      contentType: 'text/html; charset=utf-8',
      body: '<!DOCTYPE html><title>Error</title>',
      kind: 'fault',
    }),
  };
}

// ---- The stand-ins: small real pictures, made without any image or compression library. ----

type Rgb = readonly [number, number, number];

/** The stand-ins' colours: a warm diagonal gradient for covers, a cool one for artists. */
const PALETTES: Readonly<Record<PictureKind, readonly [Rgb, Rgb]>> = {
  cover: [
    [232, 93, 60],
    [98, 32, 128],
  ],
  artist: [
    [40, 170, 200],
    [20, 40, 90],
  ],
};
/** Stand-ins are 32 × 32: 4 × 4 blocks of 8 px, each one colour. */
const SIDE = 32;
const BLOCK = 8;

/** The colour of the block at (bx, by): a step along the diagonal between the palette's two. */
function blockColour(kind: PictureKind, bx: number, by: number): Rgb {
  const [from, to] = PALETTES[kind];
  const steps = 2 * (SIDE / BLOCK - 1);
  const t = (bx + by) / steps;
  return [0, 1, 2].map((i) => Math.round(from[i]! + (to[i]! - from[i]!) * t)) as unknown as Rgb;
}

/** Every stand-in file, by name: what `npx tsx replay/deezer/images.ts` writes. */
export function standIns(): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>();
  for (const kind of ['cover', 'artist'] as const) {
    out.set(
      standInFile(kind, 'jpg'),
      jpegOf(SIDE, SIDE, (bx, by) => blockColour(kind, bx, by)),
    );
    out.set(
      standInFile(kind, 'png'),
      pngOf(SIDE, SIDE, (x, y) => blockColour(kind, Math.floor(x / BLOCK), Math.floor(y / BLOCK))),
    );
  }
  return out;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

const u32 = (n: number): number[] => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const u16 = (n: number): number[] => [(n >>> 8) & 0xff, n & 0xff];

/** A zlib stream of stored (uncompressed) deflate blocks: RFC 1950/1951, no library. */
function zlibStored(data: Uint8Array): number[] {
  const out = [0x78, 0x01];
  for (let at = 0; at < data.length || at === 0; at += 65535) {
    const chunk = data.subarray(at, at + 65535);
    const final = at + 65535 >= data.length ? 1 : 0;
    out.push(
      final,
      chunk.length & 0xff,
      chunk.length >>> 8,
      ~chunk.length & 0xff,
      (~chunk.length >>> 8) & 0xff,
      ...chunk,
    );
  }
  let a = 1;
  let b = 0;
  for (const byte of data) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  return [...out, ...u32(((b << 16) | a) >>> 0)];
}

/** An 8-bit RGB PNG of `pixel(x, y)`. */
function pngOf(width: number, height: number, pixel: (x: number, y: number) => Rgb): Uint8Array {
  const raw: number[] = [];
  for (let y = 0; y < height; y++) {
    raw.push(0);
    for (let x = 0; x < width; x++) raw.push(...pixel(x, y));
  }
  const chunk = (type: string, data: number[]): number[] => {
    const body = Uint8Array.from([...type].map((c) => c.charCodeAt(0)).concat(data));
    return [...u32(data.length), ...body, ...u32(crc32(body))];
  };
  return Uint8Array.from([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...chunk('IHDR', [...u32(width), ...u32(height), 8, 2, 0, 0, 0]),
    ...chunk('IDAT', zlibStored(Uint8Array.from(raw))),
    ...chunk('IEND', []),
  ]);
}

/** JPEG Annex K's luminance DC table: code lengths per length 1..16, then the categories. */
const DC_BITS = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0];
const DC_VALUES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
/** An AC table of one code, end-of-block ("0"): every block is one colour, so has no AC terms. */
const AC_BITS = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
const AC_VALUES = [0x00];

/** Canonical Huffman codes (T.81 Annex C) of a table: symbol → [code, length]. */
function huffmanCodes(bits: number[], values: number[]): Map<number, [number, number]> {
  const codes = new Map<number, [number, number]>();
  let code = 0;
  let k = 0;
  bits.forEach((count, i) => {
    for (let n = 0; n < count; n++) codes.set(values[k++]!, [code++, i + 1]);
    code <<= 1;
  });
  return codes;
}

/**
 * A baseline JPEG (T.81) whose 8 × 8 blocks are each one colour, `block(bx, by)`: a block of
 * one colour has a DC term only, so the encoder is a colour transform, a scale and a Huffman
 * code, with every quantiser 1 (exact up to rounding). YCbCr, no subsampling, JFIF.
 */
function jpegOf(width: number, height: number, block: (bx: number, by: number) => Rgb): Uint8Array {
  const dc = huffmanCodes(DC_BITS, DC_VALUES);
  const eob = huffmanCodes(AC_BITS, AC_VALUES).get(0)!;
  const out: number[] = [];
  let acc = 0;
  let filled = 0;
  const put = (code: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) {
      acc = (acc << 1) | ((code >>> i) & 1);
      if (++filled === 8) {
        out.push(acc);
        if (acc === 0xff) out.push(0x00);
        acc = 0;
        filled = 0;
      }
    }
  };
  const predictions = [0, 0, 0];
  for (let by = 0; by < Math.ceil(height / 8); by++) {
    for (let bx = 0; bx < Math.ceil(width / 8); bx++) {
      const [r, g, b] = block(bx, by);
      const ycbcr = [
        0.299 * r + 0.587 * g + 0.114 * b,
        128 - 0.168736 * r - 0.331264 * g + 0.5 * b,
        128 + 0.5 * r - 0.418688 * g - 0.081312 * b,
      ];
      ycbcr.forEach((value, c) => {
        // The DC term of a flat block, level-shifted: 8 × (value − 128) (T.81 A.3.3).
        const term = Math.max(-1023, Math.min(1023, Math.round(8 * (value - 128))));
        const diff = term - predictions[c]!;
        predictions[c] = term;
        const category = diff === 0 ? 0 : Math.floor(Math.log2(Math.abs(diff))) + 1;
        const [code, length] = dc.get(category)!;
        put(code, length);
        if (category > 0) put(diff > 0 ? diff : diff + (1 << category) - 1, category);
        put(eob[0], eob[1]);
      });
    }
  }
  if (filled > 0) put((1 << (8 - filled)) - 1, 8 - filled);
  const segment = (marker: number, data: number[]): number[] => [0xff, marker, ...u16(data.length + 2), ...data];
  return Uint8Array.from([
    0xff,
    0xd8,
    ...segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    ...segment(0xdb, [0x00, ...new Array<number>(64).fill(1)]),
    ...segment(0xc0, [8, ...u16(height), ...u16(width), 3, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0]),
    ...segment(0xc4, [0x00, ...DC_BITS, ...DC_VALUES]),
    ...segment(0xc4, [0x10, ...AC_BITS, ...AC_VALUES]),
    ...segment(0xda, [3, 1, 0x00, 2, 0x00, 3, 0x00, 0, 63, 0]),
    ...out,
    0xff,
    0xd9,
  ]);
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const files = standIns();
  for (const [file, bytes] of files) writeFileSync(new URL(file, IMAGE_FIXTURES_DIR), bytes);
  console.log(`wrote ${[...files.keys()].join(', ')} in ${fileURLToPath(IMAGE_FIXTURES_DIR)}`);
}
