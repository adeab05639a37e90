/**
 * @module
 * Spotify's link grammar: `open.spotify.com/[intl-xx/][embed/]{track|album|artist|playlist}/<id>`,
 * the legacy `user/<name>/playlist/<id>`, `spotify:<type>:<id>` URIs and `spotify.link` short links.
 */
import type { LinkInput } from './input.ts';
import { refuse, refuseId, refuseItem } from './refuse.ts';
import type { LinkType, ParsedLink } from './types.ts';
import { item, shortLink } from './parsed-link.ts';

/** The accepted forms, for messages and docs. */
export const SPOTIFY_FORMS: readonly string[] = [
  'https://open.spotify.com/{track|album|artist|playlist}/<id> (optionally /intl-xx/ or /embed/ before the type)',
  'spotify:{track|album|artist|playlist}:<id>',
  'https://spotify.link/<code>',
];

const TYPES: ReadonlySet<string> = new Set<LinkType>(['track', 'album', 'artist', 'playlist']);
/** Spotify ids are 22 base62 characters. */
const ID = /^[0-9A-Za-z]{22}$/;
const ID_FORM = '22 letters and digits (such as 4uLU6hMCjMI75M1A2tKUQC)';
const INTL = /^intl-[a-z]{2,3}([-_][a-z0-9]{2,4})?$/i;

function spotifyItem(type: string, id: string): ParsedLink | undefined {
  const t = type.toLowerCase();
  if (!TYPES.has(t)) return undefined;
  if (!ID.test(id)) throw refuseId('Spotify', t, id, ID_FORM);
  return item('spotify', t as LinkType, id, `https://open.spotify.com/${t}/${id}`);
}

export function parseSpotify(link: LinkInput): ParsedLink {
  if (link.host === 'spotify.link') return shortLink(link) ?? fail();
  let segs = link.segments;
  if (segs[0] !== undefined && INTL.test(segs[0])) segs = segs.slice(1);
  if (segs[0] === 'embed') segs = segs.slice(1);
  if (segs.length === 4 && segs[0] === 'user' && segs[2] === 'playlist') segs = segs.slice(2);
  const [type, id] = segs;
  return (segs.length === 2 && type !== undefined && id !== undefined ? spotifyItem(type, id) : undefined) ?? fail();
}

/** `spotify:track:<id>` (and the legacy `spotify:user:<name>:playlist:<id>`). */
export function parseSpotifyUri(text: string): ParsedLink {
  const parts = text.split(':');
  if (parts.length === 5 && parts[1] === 'user' && parts[3] === 'playlist') parts.splice(1, 2);
  const [, type, id] = parts;
  const parsed = parts.length === 3 && type !== undefined && id !== undefined ? spotifyItem(type, id) : undefined;
  if (parsed === undefined)
    throw refuse(
      `url is not a Spotify URI of a track, album, artist or playlist. Accepted forms: ${SPOTIFY_FORMS.join('; ')}.`,
    );
  return parsed;
}

function fail(): never {
  throw refuseItem('Spotify', SPOTIFY_FORMS);
}
