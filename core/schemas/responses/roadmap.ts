/** @module D28: the `/roadmap` body, built from the version table and the endpoints' declarations. */
import * as v from 'valibot';

const endpoint = v.strictObject({
  method: v.picklist(['GET', 'POST']),
  /** As declared: `:name` marks a path segment (`/media/images/:kind/:file`). */
  path: v.string(),
  /** Other paths answering the same; for an endpoint a version added, its names before that version. */
  aliases: v.array(v.string()),
});

export const roadmapSchema = v.strictObject({
  /** What `/current` and no prefix serve. */
  current: v.string(),
  /** Newest first. */
  versions: v.array(
    v.strictObject({
      version: v.string(),
      /** Prefix a path with it to pin this version (docs/http.md, Versions). */
      prefix: v.string(),
      current: v.boolean(),
      /** `current`: `{ ok: false, error: { code, message } }`; `legacy`: `{ error: "<message>" }`. */
      errorShape: v.picklist(['current', 'legacy']),
      /** The rate-limit headers its answers carry. */
      rateLimitHeaders: v.array(v.string()),
      changes: v.string(),
      /** The endpoints this version added: older pins answer them 404. */
      added: v.array(endpoint),
    }),
  ),
  /** Endpoints answered under every version. */
  everyVersion: v.array(endpoint),
});
export type RoadmapBody = v.InferOutput<typeof roadmapSchema>;
