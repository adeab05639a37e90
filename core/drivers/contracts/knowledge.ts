/**
 * @module
 * The artist-knowledge driver's contract (D26): Wikidata's facts and Wikipedia's lead.
 */
import type { Attribution } from '../../domain/attribution.ts';
import type { ArtistFacts, Biography } from '../../domain/knowledge.ts';
import type { CallOptions, Probed } from './driver.ts';

export interface FindArtistOptions extends CallOptions {
  /** The music source's Deezer artist id, when the music source is Deezer: an item carrying it wins. */
  deezerArtistId?: number;
}

/** Artist knowledge: Wikidata facts and the Wikipedia lead, keyless. */
export interface KnowledgeDriver extends Probed {
  /** The musician or band of this name (Wikidata search, then a music-artist check), or null. */
  artist(name: string, options?: FindArtistOptions): Promise<ArtistFacts | null>;
  /** The lead of the article with this title, or null when there is none. */
  biography(title: string, options?: CallOptions): Promise<Biography | null>;
  readonly factsAttribution: Omit<Attribution, 'url'>;
  readonly biographyAttribution: Omit<Attribution, 'url'>;
}
