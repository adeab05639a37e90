/**
 * @module
 * Building blocks of the response schemas (spec §2): strict wherever an object appears, so a
 * test fails the moment a shape grows a field the spec does not name.
 */
import * as v from 'valibot';
import { RECORD_TYPES } from '../../sources/types.ts';

export const int: v.GenericSchema<number> = v.pipe(v.number(), v.integer());
export const count: v.GenericSchema<number> = v.pipe(v.number(), v.integer(), v.minValue(0));
export const id: v.GenericSchema<number> = v.pipe(v.number(), v.integer(), v.minValue(0));
export const unit: v.GenericSchema<number> = v.pipe(v.number(), v.minValue(0), v.maxValue(1));
/** D15: relevance in 0..1. */
export const score: v.GenericSchema<number> = unit;
export const isrc: v.GenericSchema<string | null> = v.nullable(v.pipe(v.string(), v.regex(/^[A-Z0-9]{12}$/)));
export const date: v.GenericSchema<string> = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/));
export const optionalDate: v.GenericSchema<string | null> = v.nullable(date);
export const duration: v.GenericSchema<string> = v.pipe(v.string(), v.regex(/^\d+:[0-5]\d$/));
export const recordType: v.GenericSchema<(typeof RECORD_TYPES)[number]> = v.picklist(RECORD_TYPES);
/** Spec §2: an absolute `{base}/cover?artist=&title=` URL or a `/media/images/` path. */
export const cover: v.GenericSchema<string> = v.pipe(v.string(), v.regex(/^(https?:\/\/[^/]+)?\/(cover\?artist=[^&]*&title=|media\/images\/)/));
/** Spec §2: `{base}/artistimage?id=<id>` or a `/media/images/` path. */
export const image: v.GenericSchema<string> = v.pipe(v.string(), v.regex(/^(https?:\/\/[^/]+)?\/(artistimage\?id=\d+$|media\/images\/)/));
export const ref: v.GenericSchema<{ id: number; name: string }> = v.strictObject({ id, name: v.string() });
export const strings: v.GenericSchema<string[]> = v.array(v.string());

/** Every list endpoint's body: an array of one variant. */
export function listOf<T>(item: v.GenericSchema<T>): v.GenericSchema<T[]> {
  return v.array(item);
}
