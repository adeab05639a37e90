/**
 * @module
 * Deezer's link grammar: `deezer.com/[xx[-yy]/]{track|album|artist|playlist}/<numeric id>` and the
 * short links of deezer.page.link, dzr.page.link and link.deezer.com (`/s/<code>`).
 */
import type { LinkInput } from './input.ts';
import { refuseId, refuseItem } from './refuse.ts';
import type { LinkType, ParsedLink } from './types.ts';
import { item, shortLink } from './parsed-link.ts';

/** The accepted forms, for messages and docs. */
export const DEEZER_FORMS: readonly string[] = [
  'https://www.deezer.com/{track|album|artist|playlist}/<id> (optionally /fr/, /pt-br/... before the type)',
  'https://deezer.page.link/<code>',
  'https://dzr.page.link/<code>',
  'https://link.deezer.com/s/<code>',
];

const TYPES: ReadonlySet<string> = new Set<LinkType>(['track', 'album', 'artist', 'playlist']);
const ID = /^\d{1,19}$/;
/** Deezer's language segment: `fr`, `en`, `pt-br`. */
const LOCALE = /^[a-z]{2}(-[a-z]{2})?$/i;

export function parseDeezer(link: LinkInput): ParsedLink {
  if (link.host === 'deezer.page.link' || link.host === 'dzr.page.link') return shortLink(link) ?? fail();
  if (link.host === 'link.deezer.com') return shortLink(link, ['s']) ?? fail();
  let segs = link.segments;
  if (segs[0] !== undefined && LOCALE.test(segs[0])) segs = segs.slice(1);
  const type = segs[0]?.toLowerCase();
  const id = segs[1];
  if (segs.length !== 2 || type === undefined || !TYPES.has(type) || id === undefined) fail();
  if (!ID.test(id)) throw refuseId('Deezer', type, id, 'digits only (such as 3135556)');
  return item('deezer', type as LinkType, id, `https://www.deezer.com/${type}/${id}`);
}

function fail(): never {
  throw refuseItem('Deezer', DEEZER_FORMS);
}
