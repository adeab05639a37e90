/**
 * @module
 * Valibot schemas of the catalogue file (see `format.ts`). Each is typed by its record
 * interface, so the compiler keeps the schema and the documented format in step. Messages
 * read after a field name: "isrc must be 12 characters CCXXXYYNNNNN".
 */
import * as v from 'valibot';
import { RECORD_TYPES } from '../../domain/music.ts';
import {
  CATALOG_FORMAT,
  CATALOG_VERSION,
  type AlbumRecord,
  type ArtistRecord,
  type CatalogHeader,
  type CatalogRecord,
  type ChartRecord,
  type FeaturesRecord,
  type GenreRecord,
  type NewReleasesRecord,
  type PlaylistRecord,
  type TrackRecord,
} from './format.ts';

type Schema<T> = v.GenericSchema<unknown, T>;

const id = v.pipe(v.number(), v.integer(), v.minValue(0));
const ids = v.array(id);
const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const text = v.pipe(v.string(), v.minLength(1));
const url = v.nullable(v.pipe(v.string(), v.url()));
const unit = v.pipe(v.number(), v.minValue(0), v.maxValue(1));
const date = v.pipe(v.string(), v.isoDate());

export const HeaderSchema: Schema<CatalogHeader> = v.object({
  format: v.literal(CATALOG_FORMAT),
  version: v.literal(CATALOG_VERSION),
  generated: v.boolean(),
  note: v.string(),
  seed: v.nullable(v.string()),
  asOf: date,
});

const FeaturesSchema: Schema<FeaturesRecord> = v.object({
  keyIndex: v.pipe(v.number(), v.integer(), v.minValue(-1), v.maxValue(11)),
  mode: v.picklist(['Major', 'Minor']),
  timeSignature: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(12))),
  tempo: v.pipe(v.number(), v.minValue(0), v.maxValue(300)),
  loudness: v.pipe(v.number(), v.minValue(-60), v.maxValue(5)),
  energy: unit,
  danceability: unit,
  valence: unit,
  acousticness: unit,
  instrumentalness: unit,
  liveness: unit,
  speechiness: unit,
});

const GenreRecordSchema: Schema<GenreRecord> = v.object({
  type: v.literal('genre'),
  id,
  name: text,
  imageUrl: url,
});

const ArtistRecordSchema: Schema<ArtistRecord> = v.object({
  type: v.literal('artist'),
  id,
  name: text,
  fans: count,

  country: v.pipe(v.string(), v.regex(/^[A-Z]{2}$/)),
  genres: v.array(text),
  related: ids,
  imageUrl: url,
});

const AlbumRecordSchema: Schema<AlbumRecord> = v.object({
  type: v.literal('album'),
  id,
  title: text,
  artistId: id,
  recordType: v.picklist(RECORD_TYPES),
  releaseDate: v.nullable(date),
  label: v.nullable(text),
  upc: v.nullable(v.pipe(v.string(), v.regex(/^\d{12,13}$/, 'must be 12 or 13 digits'))),
  explicit: v.boolean(),
  genreId: v.nullable(id),
  fans: count,
  contributors: v.array(v.object({ id, role: text })),
  coverUrl: url,
});

export const TrackRecordSchema: Schema<TrackRecord> = v.object({
  type: v.literal('track'),
  id,
  title: text,
  isrc: v.nullable(v.pipe(v.string(), v.regex(/^[A-Z]{2}[A-Z0-9]{3}\d{7}$/, 'must be 12 characters CCXXXYYNNNNN'))),
  durationMs: v.pipe(count, v.minValue(1)),
  explicit: v.boolean(),
  rank: count,
  previewUrl: url,
  albumId: id,
  trackNumber: v.pipe(count, v.minValue(1)),
  discNumber: v.pipe(count, v.minValue(1)),
  artistId: id,
  featured: ids,
  features: v.nullable(FeaturesSchema),
});

const PlaylistRecordSchema: Schema<PlaylistRecord> = v.object({
  type: v.literal('playlist'),
  id,
  title: text,
  description: v.string(),
  creator: v.object({ id, name: text }),
  public: v.boolean(),
  fans: count,
  editorial: v.boolean(),
  trackIds: ids,
  coverUrl: url,
});

const ChartRecordSchema: Schema<ChartRecord> = v.object({
  type: v.literal('chart'),
  country: v.pipe(v.string(), v.regex(/^([A-Z]{2}|global)$/, 'must be an ISO alpha-2 code or global')),
  trackIds: ids,
});

const NewReleasesRecordSchema: Schema<NewReleasesRecord> = v.object({
  type: v.literal('newReleases'),
  albumIds: ids,
});

/** The schema of each record type: the loader dispatches on `type` and names unknown ones. */
export const RECORD_SCHEMAS: Readonly<Record<CatalogRecord['type'], Schema<CatalogRecord>>> = {
  genre: GenreRecordSchema,
  artist: ArtistRecordSchema,
  album: AlbumRecordSchema,
  track: TrackRecordSchema,
  playlist: PlaylistRecordSchema,
  chart: ChartRecordSchema,
  newReleases: NewReleasesRecordSchema,
};
