/** @module D21: genre and editorial ids: `/editorial/genres`' ids, 0 (`All`) included, so not `idParam` (which starts at 1). */
import * as v from 'valibot';

const rule = 'id must be a genre id: a whole number from 0, as /editorial/genres lists them';

/** Required: an editorial list needs to know whose. */
export const genreIdParam: v.GenericSchema<string, number> = v.pipe(
  v.string('id is required'), v.regex(/^\d{1,15}$/, rule), v.transform(Number),
  v.metadata({ wire: { type: 'integer', minimum: 0, maximum: 10 ** 15 - 1 } }),
);

/** Optional, 0 (`All`) when absent: Deezer's own default for its editorial pages. */
export const editorialIdParam: v.GenericSchema<string | undefined, number> = v.pipe(
  v.optional(v.string(), '0'), v.regex(/^\d{1,15}$/, rule), v.transform(Number),
  v.metadata({ wire: { type: 'integer', minimum: 0, maximum: 10 ** 15 - 1, default: 0 } }),
);
