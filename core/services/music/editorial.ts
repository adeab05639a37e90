/**
 * @module
 * D21: what `/genre/chart` and `/editorial/*` need of the music driver. The methods are
 * optional in the contract (a driver written before them still runs), so a driver without
 * one answers 503 `not_configured`; a genre or editorial the driver does not know is a 404.
 */
import { SleeveError } from '../../errors.ts';
import type { Genre } from '../../domain/music.ts';
import type { MusicDriver } from '../../drivers/contracts/music.ts';
import type { RequestScope } from '../../drivers/contracts/driver.ts';

type Optional = 'genreChart' | 'editorial' | 'editorialSelection' | 'editorialCharts';

/** The driver's method, bound, or the 503 naming what is missing. */
export function capability<K extends Optional>(music: MusicDriver, name: K): NonNullable<MusicDriver[K]> {
  const method = music[name];
  if (typeof method !== 'function') {
    throw new SleeveError(
      'not_configured',
      `The ${music.name} music source has no ${name}; this deployment cannot answer it.`,
    );
  }
  return (method as (...args: unknown[]) => unknown).bind(music) as NonNullable<MusicDriver[K]>;
}

/** A genre of `/editorial/genres` by id, or the 404. */
export async function requireGenre(music: MusicDriver, id: number, scope?: RequestScope): Promise<Genre> {
  const genre = (await music.genres({ scope })).find((g) => g.id === id);
  if (!genre)
    throw new SleeveError('not_found', `No genre with id ${id}; /editorial/genres lists them.`, { param: 'id' });
  return genre;
}

/** An editorial by id, or the 404. */
export async function requireEditorial(music: MusicDriver, id: number, scope?: RequestScope): Promise<Genre> {
  const editorial = await capability(music, 'editorial')(id, { scope });
  if (!editorial)
    throw new SleeveError('not_found', `No editorial with id ${id}; /editorial/genres lists them.`, { param: 'id' });
  return editorial;
}
