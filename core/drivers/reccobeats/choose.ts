/**
 * @module
 * One ISRC, several ReccoBeats records (one recording on several releases: album, single edit,
 * compilation): the caller's track decides. Duration weighs most, since releases of one
 * recording differ mostly there (an edit, a longer fade) and titles often only by a suffix
 * (`- Remastered 2011`); the title's similarity breaks what duration leaves close. With
 * no hint, or nothing to compare with, the provider's first record is taken. Pure.
 */
import { similarity } from '../../text/similarity.ts';
import type { FeatureHint } from '../../domain/features.ts';
import type { StoredRecord } from './store.ts';

/** How much a relative duration difference counts against a title mismatch (both 0..1). */
const DURATION_WEIGHT = 2;

/** 0 for the same title and duration; larger is further. Records never looked up are furthest. */
export function distance(record: StoredRecord, hint: FeatureHint): number {
  if (!record.t) return Number.POSITIVE_INFINITY;
  const duration = Math.min(1, Math.abs(record.t.durationMs - hint.durationMs) / Math.max(hint.durationMs, 1));
  return DURATION_WEIGHT * duration + (1 - similarity([record.t.title], hint.title));
}

export function choose(records: readonly StoredRecord[], hint: FeatureHint | undefined): StoredRecord | undefined {
  const [first] = records;
  if (first === undefined || records.length === 1 || hint === undefined) return first;
  let best = first;
  let bestDistance = distance(first, hint);
  for (const record of records.slice(1)) {
    const d = distance(record, hint);
    // Strictly closer only: ties keep the provider's order.
    if (d < bestDistance) {
      best = record;
      bestDistance = d;
    }
  }
  return best;
}

/** Whether choosing for `hint` needs titles and durations not looked up yet. */
export function needsLookup(records: readonly StoredRecord[], hint: FeatureHint | undefined): boolean {
  return hint !== undefined && records.length > 1 && records.some((r) => r.t === undefined);
}
