/** @module `/lyrics` and `/lyrics/search` (D25): LRCLIB's records in Sleeve's shape, with their attribution. */
import * as v from 'valibot';
import { count } from './common.ts';

/** Who the words come from: the source's name and URL; its licence when it states one (LRCLIB states none). */
export const attributionSchema = v.strictObject({
  source: v.string(),
  url: v.pipe(v.string(), v.url()),
  license: v.nullable(v.string()),
  licenseUrl: v.nullable(v.pipe(v.string(), v.url())),
});

const seconds = v.pipe(v.number(), v.minValue(0));

/** One record as LRCLIB filed it; `plainLyrics`/`syncedLyrics` are LRCLIB's own names. */
const lyricsRecordSchema = v.strictObject({
  /** LRCLIB's record id. */
  id: count,
  title: v.string(),
  artist: v.string(),
  album: v.nullable(v.string()),
  /** Seconds, as LRCLIB has them. */
  duration: v.nullable(seconds),
  instrumental: v.boolean(),
  plainLyrics: v.nullable(v.string()),
  /** LRC: each line starts `[mm:ss.xx]`. */
  syncedLyrics: v.nullable(v.string()),
});

export const lyricsSchema = v.strictObject({ ...lyricsRecordSchema.entries, attribution: attributionSchema });

export const lyricsSearchSchema = v.strictObject({
  total: count,
  results: v.array(lyricsRecordSchema),
  attribution: attributionSchema,
});
