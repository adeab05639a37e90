/** @module `/artist/biography` and `/artist/knowledgebase` (D26): Wikipedia's lead and Wikidata's facts, each with its attribution. */
import * as v from 'valibot';
import { id } from './common.ts';
import { attributionSchema } from './lyrics.ts';

/** The artist asked about: named by id, the music source's id and name; named by name, null and the Wikidata label. */
const askedArtist = v.strictObject({ id: v.nullable(id), name: v.string() });
const url = v.pipe(v.string(), v.url());
const itemId = v.pipe(v.string(), v.regex(/^Q\d+$/));
const knowledgeRef = v.strictObject({ id: itemId, name: v.string() });
const year = v.nullable(v.pipe(v.string(), v.regex(/^-?\d{1,5}$/)));

export const biographySchema = v.strictObject({
  artist: askedArtist,
  /** The Wikidata item the article belongs to (`Q185828`). */
  wikidataId: itemId,
  title: v.string(),
  description: v.nullable(v.string()),
  /** Plain text: the article's lead. */
  extract: v.string(),
  url,
  language: v.string(),
  lastModified: v.nullable(v.string()),
  attribution: attributionSchema,
});

export const knowledgebaseSchema = v.strictObject({
  artist: askedArtist,
  wikidataId: itemId,
  label: v.string(),
  description: v.nullable(v.string()),
  kind: v.picklist(['group', 'person']),
  origin: v.strictObject({ countries: v.array(knowledgeRef), places: v.array(knowledgeRef) }),
  activeFrom: year,
  activeTo: year,
  genres: v.array(knowledgeRef),
  members: v.array(knowledgeRef),
  officialWebsite: v.nullable(v.string()),
  links: v.strictObject({ wikidata: url, wikipedia: v.nullable(url) }),
  attribution: attributionSchema,
});
