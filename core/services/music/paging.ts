/**
 * @module
 * Paging through a whole list of a driver's (an album's tracks, an artist's releases): the interface
 * wants them complete, and upstreams hand them out a page at a time.
 */
import type { Page } from '../../domain/music.ts';

/** Items asked per page: large enough to need few calls, small enough for any upstream. */
const PAGE_SIZE = 100;
/** A guard against a driver whose `total` never stops growing. */
const MAX_PAGES = 100;

/**
 * Every item, page after page, until the driver's `total` is reached, a page comes back
 * empty, or `max` items are in hand (a bound for lists a caller cannot page themselves).
 */
export async function allPages<T>(
  page: (offset: number, limit: number) => Promise<Page<T>>,
  max: number = MAX_PAGES * PAGE_SIZE,
): Promise<T[]> {
  const out: T[] = [];
  for (let n = 0; n < MAX_PAGES && out.length < max; n++) {
    const { items, total } = await page(out.length, Math.min(PAGE_SIZE, max - out.length));
    out.push(...items);
    if (items.length === 0 || out.length >= total) break;
  }
  return out.slice(0, max);
}
