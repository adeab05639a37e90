/** @module D33: the `/search/suggest` body's schema and type. */
import * as v from 'valibot';
import { id } from '../common.ts';

const suggestionSchema = v.strictObject({
  type: v.picklist(['artist', 'track', 'album']),
  id,
  /** The artist's name, or the track's or album's title. */
  text: v.string(),
  /** A track's or album's main artist; null for an artist. */
  artist: v.nullable(v.string()),
});

export const suggestSchema = v.strictObject({ query: v.string(), suggestions: v.array(suggestionSchema) });
