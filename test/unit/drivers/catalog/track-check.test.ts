/**
 * The hand check of track records (`track-check.ts`) must never accept what `TrackRecordSchema`
 * refuses, and must build what valibot builds (same keys, same order): checked against the
 * schema on generated tracks and on tracks with every field replaced by odd values.
 */
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { TrackRecordSchema } from '../../../../core/drivers/catalog/file-schema.ts';
import { generateCatalog } from '../../../../core/drivers/catalog/generate/index.ts';
import { checkedTrack } from '../../../../core/drivers/catalog/track-check.ts';

const tracks: Record<string, unknown>[] = generateCatalog({ tracks: 2000, seed: 'track-check' }).tracks.map((t) =>
  JSON.parse(JSON.stringify(t)),
);

/** The hand check's answer, if any, is valibot's success output, key order included. */
function agrees(raw: unknown): boolean {
  const fast = checkedTrack(raw);
  if (fast === undefined) return true;
  const slow = v.safeParse(TrackRecordSchema, raw);
  expect(slow.success).toBe(true);
  expect(JSON.stringify(fast)).toBe(JSON.stringify(slow.output));
  return true;
}

/** Values near every rule's edge, and of every JSON type. */
const odd = fc.oneof(
  fc.constantFrom(
    null,
    true,
    false,
    '',
    'x',
    'track',
    'Major',
    'Minor',
    'GBAYE0601498',
    'gbaye0601498',
    'https://x.invalid/a.mp3',
    'not a url',
    -1,
    0,
    1,
    1.5,
    11,
    12,
    13,
    300,
    301,
    -60,
    -61,
    5,
    6,
    0.5,
    2 ** 53,
    [],
    [1],
    [-1],
    {},
  ),
  fc.jsonValue({ maxDepth: 2 }),
);
const featureKeys = [
  'keyIndex',
  'mode',
  'timeSignature',
  'tempo',
  'loudness',
  'energy',
  'danceability',
  'valence',
  'acousticness',
  'instrumentalness',
  'liveness',
  'speechiness',
];

describe('track records checked by hand', () => {
  it('takes every generated track, exactly as valibot builds it', () => {
    for (const raw of tracks) {
      expect(checkedTrack(raw)).toBeDefined();
      agrees(raw);
    }
  });

  it('accepts nothing valibot refuses, field by field and feature by feature', () => {
    const keys = [...Object.keys(tracks[0]!), 'extra'];
    fc.assert(
      fc.property(fc.nat(tracks.length - 1), fc.constantFrom(...keys), odd, fc.boolean(), (i, key, value, drop) => {
        const raw = structuredClone(tracks[i]!);
        if (drop) delete raw[key];
        else raw[key] = value;
        return agrees(raw);
      }),
      { numRuns: 6000 },
    );
    const withFeatures = tracks.filter((t) => t.features !== null);
    fc.assert(
      fc.property(
        fc.nat(withFeatures.length - 1),
        fc.constantFrom(...featureKeys, 'extra'),
        odd,
        fc.boolean(),
        (i, key, value, drop) => {
          const raw = structuredClone(withFeatures[i]!) as { features: Record<string, unknown> };
          if (drop) delete raw.features[key];
          else raw.features[key] = value;
          return agrees(raw);
        },
      ),
      { numRuns: 6000 },
    );
  });

  it('leaves what is not an object to valibot', () => {
    for (const raw of [null, [], 'track', 1, [tracks[0]]]) expect(checkedTrack(raw)).toBeUndefined();
  });
});
