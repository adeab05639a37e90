/**
 * @module
 * Track records, nearly all of a big catalogue file, checked by hand: a tenth of the cost of
 * running `TrackRecordSchema` (a million tracks: about 3 s of valibot, 0.3 s here). It answers
 * only what the schema would accept, built as valibot builds it (its keys, in its order); for
 * anything else it answers undefined and the loader asks valibot, which names the problem (or
 * accepts what this is too strict for). `test/unit/drivers/catalog/track-check.test.ts` holds the two alike.
 */
import type { FeaturesRecord, TrackRecord } from './format.ts';
import { isRecord } from '../shared/wire.ts';

const ISRC = /^[A-Z]{2}[A-Z0-9]{3}\d{7}$/;

const isId = (x: unknown): x is number => Number.isInteger(x) && (x as number) >= 0;
const isPositive = (x: unknown): x is number => Number.isInteger(x) && (x as number) >= 1;
const within = (x: unknown, lo: number, hi: number): x is number => typeof x === 'number' && x >= lo && x <= hi;
/** valibot's `url()`: URL.canParse where the runtime has it, else whether `new URL` throws. */
function isUrl(text: string): boolean {
  try {
    if (URL.canParse) return URL.canParse(text);
    new URL(text);
    return true;
  } catch {
    return false;
  }
}

function checkedFeatures(f: unknown): FeaturesRecord | null | undefined {
  if (f === null) return null;
  if (!isRecord(f)) return undefined;
  const {
    keyIndex,
    mode,
    timeSignature,
    tempo,
    loudness,
    energy,
    danceability,
    valence,
    acousticness,
    instrumentalness,
    liveness,
    speechiness,
  } = f;
  if (!(Number.isInteger(keyIndex) && within(keyIndex, -1, 11)) || (mode !== 'Major' && mode !== 'Minor'))
    return undefined;
  if (!(timeSignature === null || (Number.isInteger(timeSignature) && within(timeSignature, 1, 12)))) return undefined;
  if (!within(tempo, 0, 300) || !within(loudness, -60, 5)) return undefined;
  if (!within(energy, 0, 1) || !within(danceability, 0, 1) || !within(valence, 0, 1) || !within(acousticness, 0, 1))
    return undefined;
  if (!within(instrumentalness, 0, 1) || !within(liveness, 0, 1) || !within(speechiness, 0, 1)) return undefined;
  return {
    keyIndex,
    mode,
    timeSignature,
    tempo,
    loudness,
    energy,
    danceability,
    valence,
    acousticness,
    instrumentalness,
    liveness,
    speechiness,
  };
}

/** The record when it certainly passes `TrackRecordSchema`, else undefined (ask valibot). */
export function checkedTrack(raw: unknown): TrackRecord | undefined {
  if (!isRecord(raw)) return undefined;
  const {
    type,
    id,
    title,
    isrc,
    durationMs,
    explicit,
    rank,
    previewUrl,
    albumId,
    trackNumber,
    discNumber,
    artistId,
    featured,
  } = raw;
  if (type !== 'track' || !isId(id) || typeof title !== 'string' || title.length < 1) return undefined;
  if (!(isrc === null || (typeof isrc === 'string' && ISRC.test(isrc)))) return undefined;
  if (!isPositive(durationMs) || typeof explicit !== 'boolean' || !isId(rank)) return undefined;
  if (!(previewUrl === null || (typeof previewUrl === 'string' && isUrl(previewUrl)))) return undefined;
  if (!isId(albumId) || !isPositive(trackNumber) || !isPositive(discNumber) || !isId(artistId)) return undefined;
  if (!Array.isArray(featured) || !featured.every(isId)) return undefined;
  const features = checkedFeatures(raw.features);
  if (features === undefined) return undefined;
  return {
    type,
    id,
    title,
    isrc,
    durationMs,
    explicit,
    rank,
    previewUrl,
    albumId,
    trackNumber,
    discNumber,
    artistId,
    featured: [...featured],
    features,
  };
}
