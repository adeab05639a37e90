/**
 * @module
 * Artist knowledge (D26): structured facts from a knowledge base and an encyclopedia's lead.
 */

/** An item of the knowledge base named by its id and its label (`Q142`, `France`). */
export interface KnowledgeRef {
  id: string;
  name: string;
}

/** Structured facts about a musician or band, from a public knowledge base (Wikidata). */
export interface ArtistFacts {
  /** The knowledge base's id of the item (`Q185828`). */
  id: string;
  label: string;
  description: string | null;
  kind: 'group' | 'person';
  /** Countries of origin (a person: citizenship) and places of formation (a person: birth). */
  countries: KnowledgeRef[];
  places: KnowledgeRef[];
  /** Years as strings (`1993`), or null when the item does not say. */
  activeFrom: string | null;
  activeTo: string | null;
  genres: KnowledgeRef[];
  members: KnowledgeRef[];
  officialWebsite: string | null;
  /** The item's page in the knowledge base. */
  url: string;
  /** The title of the item's encyclopedia article, and its URL, when it has one. */
  article: { title: string; url: string } | null;
}

/** The lead of an encyclopedia article. */
export interface Biography {
  title: string;
  description: string | null;
  /** Plain text, the article's first paragraphs. */
  extract: string;
  url: string;
  language: string;
  /** When the article was last edited (ISO 8601), when said. */
  lastModified: string | null;
}
