/**
 * @module
 * ReccoBeats' JSON (https://reccobeats.com/docs) to domain values. Pure. `/v1/audio-features`
 * answers `{ content: [record, ...] }`; a record names the ISRC it belongs to (and the Spotify
 * track in `href`), never the id it was asked by, and one ISRC may answer several records
 * (releases of one recording). `/v1/track` answers `{ content: [track, ...] }` with title and
 * duration, the same record `id` and `href`. Anything else throws `WireError`, which the driver
 * turns into `502 upstream_error`.
 */
import type { AudioFeatures } from '../../domain/features.ts';
import { WireError } from '../shared/wire.ts';

export { WireError };

type Json = Record<string, unknown>;

/** Features as stored and answered, less the ISRC (the answer names the ISRC asked). */
export type Features = Omit<AudioFeatures, 'isrc'>;

export interface FeatureRecord {
  /** ReccoBeats' UUID of the record. */
  id: string;
  /** The Spotify track URL, or null. */
  href: string | null;
  /** Upper case; null when the record names none. */
  isrc: string | null;
  features: Features;
}

export interface TrackRecord {
  id: string;
  href: string | null;
  title: string;
  durationMs: number;
}

/** ISRC layout: country, registrant, year, designation (12 letters and digits). */
export const ISRC: RegExp = /^[A-Z]{2}[A-Z0-9]{3}\d{7}$/;

const UNIT = [
  'acousticness',
  'danceability',
  'energy',
  'instrumentalness',
  'liveness',
  'speechiness',
  'valence',
] as const;

function object(value: unknown, what: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new WireError(`${what} is not an object`);
  return value as Json;
}

function contentOf(body: unknown, what: string): unknown[] {
  const content = object(body, what)['content'];
  if (!Array.isArray(content)) throw new WireError(`${what} has no content list`);
  return content;
}

function number(record: Json, field: string, what: string): number {
  const value = record[field];
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new WireError(`${what} has no numeric ${field}`);
  return value;
}

function id(record: Json, what: string): string {
  const value = record['id'];
  if (typeof value !== 'string' || value === '') throw new WireError(`${what} has no id`);
  return value;
}

const href = (value: unknown): string | null =>
  typeof value === 'string' && /^https?:\/\//.test(value) ? value : null;
const isrc = (value: unknown): string | null =>
  typeof value === 'string' && ISRC.test(value.toUpperCase()) ? value.toUpperCase() : null;

/** Pitch class 0..11, or -1 when no key was detected; anything else is not ReccoBeats' shape. */
function keyIndex(record: Json, what: string): number {
  const key = number(record, 'key', what);
  if (!Number.isInteger(key) || key < -1 || key > 11) throw new WireError(`${what} has key ${key}, not -1..11`);
  return key;
}

function mode(record: Json, what: string): 'Major' | 'Minor' {
  const value = number(record, 'mode', what);
  if (value === 1) return 'Major';
  if (value === 0) return 'Minor';
  throw new WireError(`${what} has mode ${value}, not 0 or 1`);
}

function toFeatureRecord(value: unknown, index: number): FeatureRecord {
  const what = `audio-features record ${index}`;
  const record = object(value, what);
  const unit = Object.fromEntries(
    UNIT.map((field) => {
      const n = number(record, field, what);
      if (n < 0 || n > 1) throw new WireError(`${what} has ${field} ${n}, not 0..1`);
      return [field, n];
    }),
  ) as Record<(typeof UNIT)[number], number>;
  const tempo = number(record, 'tempo', what);
  if (tempo < 0) throw new WireError(`${what} has a negative tempo`);
  return {
    id: id(record, what),
    href: href(record['href']),
    isrc: isrc(record['isrc']),
    features: {
      keyIndex: keyIndex(record, what),
      mode: mode(record, what),
      // ReccoBeats has no time signature; the response shape sends 4 (D17).
      timeSignature: null,
      tempo,
      loudness: number(record, 'loudness', what),
      energy: unit.energy,
      danceability: unit.danceability,
      valence: unit.valence,
      acousticness: unit.acousticness,
      instrumentalness: unit.instrumentalness,
      liveness: unit.liveness,
      speechiness: unit.speechiness,
    },
  };
}

/** Every record of a `/v1/audio-features` body, in the provider's order. */
export function featureRecords(body: unknown): FeatureRecord[] {
  return contentOf(body, 'audio-features answer').map(toFeatureRecord);
}

/** Every record of a `/v1/track` body: only what the choice between releases needs. */
export function trackRecords(body: unknown): TrackRecord[] {
  return contentOf(body, 'track answer').map((value, index) => {
    const what = `track record ${index}`;
    const record = object(value, what);
    const title = record['trackTitle'];
    if (typeof title !== 'string') throw new WireError(`${what} has no trackTitle`);
    const durationMs = number(record, 'durationMs', what);
    return { id: id(record, what), href: href(record['href']), title, durationMs };
  });
}
