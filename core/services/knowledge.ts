/**
 * @module
 * What the lyrics and knowledge endpoints share (D24–D26): the source each needs, or the 503
 * `not_configured` that says this deployment has none (demo mode: no network, and Sleeve
 * never makes up lyrics or a biography); and the artist an `/artist/biography` or
 * `/artist/knowledgebase` call names: by `id` through the music source first (its name, and
 * its Deezer id to pick the right item), else by `artist` name alone.
 */
import { SleeveError } from '../errors.ts';
import type { ArtistFacts, KnowledgeSource, LyricsSource, Sources } from '../sources/types.ts';
import { requireArtist, type ArtistQuery } from './artist.ts';

export function lyricsSource(sources: Sources): LyricsSource {
  if (sources.lyrics) return sources.lyrics;
  throw new SleeveError('not_configured', 'Lyrics come from LRCLIB, which only live mode asks (SLEEVE_MODE=live); demo mode has no lyrics and never invents any.');
}

export function knowledgeSource(sources: Sources): KnowledgeSource {
  if (sources.knowledge) return sources.knowledge;
  throw new SleeveError('not_configured', 'Artist biographies and facts come from Wikipedia and Wikidata, which only live mode asks (SLEEVE_MODE=live); demo mode has none and never invents any.');
}

export interface KnownArtist {
  /** As the answer echoes it: the music source's id when named by id, and the name looked up. */
  asked: { id: number | null; name: string };
  facts: ArtistFacts;
}

/** The knowledge-base item of the artist asked for, or D5's 404. */
export async function knownArtist(sources: Sources, q: ArtistQuery, signal: AbortSignal): Promise<KnownArtist> {
  const knowledge = knowledgeSource(sources);
  let asked: KnownArtist['asked'];
  if (q.id !== undefined) {
    const artist = await requireArtist(sources.music, q, signal);
    asked = { id: artist.id, name: artist.name };
  } else {
    asked = { id: null, name: q.artist ?? '' };
  }
  // The Deezer id tells two artists of one name apart; another music source's ids mean nothing to Wikidata.
  const deezerArtistId = asked.id !== null && sources.music.name === 'deezer' ? asked.id : undefined;
  const facts = await knowledge.artist(asked.name, { signal, deezerArtistId });
  if (facts === null) throw new SleeveError('not_found', `No musician or band named ${JSON.stringify(asked.name)} in Wikidata.`);
  return { asked, facts };
}
