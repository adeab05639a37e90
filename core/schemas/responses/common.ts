/**
 * @module
 * Building blocks of the response schemas: strict wherever an object appears, so a
 * test fails the moment a shape grows a field the interface does not name.
 */
import * as v from 'valibot';
import { RECORD_TYPES } from '../../domain/music.ts';

export const int = v.pipe(v.number(), v.integer());
export const count = v.pipe(v.number(), v.integer(), v.minValue(0));
export const id = v.pipe(v.number(), v.integer(), v.minValue(0));
export const unit = v.pipe(v.number(), v.minValue(0), v.maxValue(1));
/** Relevance in 0..1 (the same schema as `unit`, named for what it holds). @alias */
export const score = unit;
export const isrc = v.nullable(v.pipe(v.string(), v.regex(/^[A-Z0-9]{12}$/)));
const date = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/));
export const optionalDate = v.nullable(date);
export const duration = v.pipe(v.string(), v.regex(/^\d+:[0-5]\d$/));
export const recordType = v.picklist(RECORD_TYPES);
/** The `{base}` of answer URLs: an origin, and the path Sleeve is mounted under if any (`/music`). */
const base = String.raw`^(https?:\/\/[^/?#]+)?(\/[^?#]*)?`;
/** An absolute `{base}/cover?artist=&title=` URL or a `/media/images/` path. */
export const cover = v.pipe(
  v.string(),
  v.regex(new RegExp(String.raw`${base}\/(cover\?artist=[^&]*&title=|media\/images\/)`)),
);
/** `{base}/artistimage?id=<id>` or a `/media/images/` path. */
export const image = v.pipe(
  v.string(),
  v.regex(new RegExp(String.raw`${base}\/(artistimage\?id=\d+$|media\/images\/)`)),
);
export const ref = v.strictObject({ id, name: v.string() });
export const strings = v.array(v.string());

/** Every list endpoint's body: an array of one variant. */
export function listOf<T extends v.GenericSchema>(item: T): v.ArraySchema<T, undefined> {
  return v.array(item);
}
