/**
 * @module
 * D30: the answers of `/chat`, `/assistant` and `/ai/*`. Each carries the model's text, the
 * model that wrote it, when (a cached answer keeps its time), and the grounding: the very fact
 * lines the model was given, grouped by what they are about, so a reader can check the
 * answer against Sleeve's own data.
 */
import * as v from 'valibot';
import { id, isrc, ref } from './common.ts';

/** Facts about one thing (a track, its audio features, an artist, a search), as the prompt held them (`FactGroup` in services/ai/facts.ts). */
const factGroupSchema = v.strictObject({
  subject: v.string(),
  facts: v.array(v.string()),
});

const generated = {
  /** The model that answered, as its server names it. */
  model: v.string(),
  /** ISO 8601 time of the generation; an answer from the cache keeps the time it was made. */
  generatedAt: v.pipe(v.string(), v.isoTimestamp()),
  grounding: v.array(factGroupSchema),
};

/** The track an answer is about. */
const aiTrackSchema = v.strictObject({ id, title: v.string(), artist: v.string(), isrc });

export const chatReplySchema = v.strictObject({ reply: v.string(), ...generated });
export const assistantAnswerSchema = v.strictObject({ query: v.string(), answer: v.string(), ...generated });
export const trackInsightsSchema = v.strictObject({ track: aiTrackSchema, answer: v.string(), ...generated });
/** `lyricsUsed`: whether lyrics were among the facts; never quoted in the answer either way. */
export const lyricsExplainSchema = v.strictObject({
  track: aiTrackSchema,
  lyricsUsed: v.boolean(),
  answer: v.string(),
  ...generated,
});
export const artistSummarySchema = v.strictObject({ artist: ref, answer: v.string(), ...generated });
export const similarBecauseSchema = v.strictObject({
  track: aiTrackSchema,
  other: aiTrackSchema,
  answer: v.string(),
  ...generated,
});
