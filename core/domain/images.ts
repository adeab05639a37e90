/**
 * @module
 * A picture's bytes as its image host sent them, and the formats a host can be asked for.
 */

/** What an image host can be asked to make (`/cover?format=`). */
export type ImageFormat = 'jpg' | 'png' | 'webp';

/** The bytes of one picture, as its image host sent them. */
export interface ImageBytes {
  body: Uint8Array<ArrayBuffer>;
  /** As the host said it, and always a raster `image/*` type. */
  contentType: string;
  /** A strong validator of exactly these bytes, quoted: `"3f2a…"`. */
  etag: string;
}
