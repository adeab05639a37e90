/**
 * @module
 * What the lyrics and knowledge endpoints share: the driver each needs, or the 503
 * `not_configured` that says this deployment has none (demo mode: no network, and Sleeve
 * never makes up lyrics or a biography); and the artist an `/artist/biography` or
 * `/artist/knowledgebase` call names: by `id` through the music driver first (its name, and
 * its Deezer id to pick the right item), else by `artist` name alone.
 */
import { SleeveError } from '../errors.ts';
import type { ArtistFacts } from '../domain/knowledge.ts';
import type { Drivers } from '../drivers/contracts/drivers.ts';
import type { KnowledgeDriver } from '../drivers/contracts/knowledge.ts';
import type { LyricsDriver } from '../drivers/contracts/lyrics.ts';
import { requireArtist, type ArtistQuery } from './music/artist.ts';
import type { RequestScope } from '../drivers/contracts/driver.ts';

export function lyricsDriver(drivers: Drivers): LyricsDriver {
  if (drivers.lyrics) return drivers.lyrics;
  throw new SleeveError(
    'not_configured',
    'Lyrics come from LRCLIB, which only live mode asks (SLEEVE_MODE=live); demo mode has no lyrics and never invents any.',
  );
}

export function knowledgeDriver(drivers: Drivers): KnowledgeDriver {
  if (drivers.knowledge) return drivers.knowledge;
  throw new SleeveError(
    'not_configured',
    'Artist biographies and facts come from Wikipedia and Wikidata, which only live mode asks (SLEEVE_MODE=live); demo mode has none and never invents any.',
  );
}

export interface KnownArtist {
  /**
   * The artist as the answer names it: named by id, the music driver's id and name; named by
   * name, null and the item's label (not the caller's spelling, which the case-folded cache
   * key would let one caller's spelling answer another's).
   */
  asked: { id: number | null; name: string };
  facts: ArtistFacts;
}

/** The knowledge-base item of the artist asked for, or a 404. */
export async function knownArtist(drivers: Drivers, q: ArtistQuery, scope: RequestScope): Promise<KnownArtist> {
  const knowledge = knowledgeDriver(drivers);
  const music = q.id === undefined ? null : await requireArtist(drivers.music, q, scope);
  const name = music?.name ?? q.artist ?? '';
  // The Deezer id tells two artists of one name apart; another music driver's ids mean nothing to Wikidata.
  const deezerArtistId = music !== null && drivers.music.name === 'deezer' ? music.id : undefined;
  const facts = await knowledge.artist(name, { scope, deezerArtistId });
  if (facts === null)
    throw new SleeveError('not_found', `No musician or band named ${JSON.stringify(name)} in Wikidata.`);
  return { asked: music === null ? { id: null, name: facts.label } : { id: music.id, name: music.name }, facts };
}
