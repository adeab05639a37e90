/**
 * @module
 * `/track/credits`: a track's credited artists with the role each took, as
 * the source spells it (`Main`, `Featured`, ...), the main artist first.
 */
import * as v from 'valibot';
import { id, image, isrc, ref } from '../common.ts';

const creditSchema = v.strictObject({ id, name: v.string(), role: v.pipe(v.string(), v.minLength(1)), image });

export const trackCreditsSchema = v.strictObject({
  id,
  title: v.string(),
  isrc,
  artist: ref,
  album: v.strictObject({ id, title: v.string() }),
  contributors: v.array(creditSchema),
});
export type TrackCreditsBody = v.InferOutput<typeof trackCreditsSchema>;
