/**
 * @module
 * Apple Music's link grammar: `music.apple.com/[<storefront>/]{song|album|artist|playlist|music-video}/[<slug>/]<id>`
 * (and the legacy `itunes.apple.com/.../id<id>`); an album link with `?i=<song id>` is that track.
 */
import { decodeSegment, type LinkInput } from './input.ts';
import { refuseId, refuseItem } from './refuse.ts';
import type { ParsedLink } from './types.ts';
import { item } from './parsed-link.ts';

/** The accepted forms, for messages and docs. */
export const APPLE_FORMS: readonly string[] = [
  'https://music.apple.com/<storefront>/song/<slug>/<id>',
  'https://music.apple.com/<storefront>/album/<slug>/<id>[?i=<song id>]',
  'https://music.apple.com/<storefront>/artist/<slug>/<id>',
  'https://music.apple.com/<storefront>/playlist/<slug>/pl.<id>',
  'https://music.apple.com/<storefront>/music-video/<slug>/<id> (a track)',
  'https://itunes.apple.com/<storefront>/album/<slug>/id<id>',
];

const STOREFRONT = /^[a-z]{2}$/i;
const NUMERIC = /^\d{1,15}$/;
const PLAYLIST = /^pl\.[A-Za-z0-9_-]{1,64}$/;
/** The kinds of page whose last segment is a numeric id. */
const KINDS: ReadonlySet<string> = new Set(['song', 'music-video', 'artist', 'album']);

export function parseApple(link: LinkInput): ParsedLink {
  let segs = link.segments;
  let country: string | undefined;
  if (segs[0] !== undefined && STOREFRONT.test(segs[0])) {
    country = segs[0].toLowerCase();
    segs = segs.slice(1);
  }
  const kind = segs[0]?.toLowerCase();
  if (segs.length < 2 || segs.length > 3 || kind === undefined) fail();
  const slugSeg = segs.length === 3 ? segs[1] : undefined;
  const slug = slugSeg === undefined || slugSeg === '_' ? undefined : decodeSegment(slugSeg);
  const last = segs[segs.length - 1] ?? '';
  const hints = { country, slug };

  if (kind === 'playlist') {
    if (!PLAYLIST.test(last))
      throw refuseId(
        'Apple Music',
        'playlist',
        last,
        '"pl." then letters and digits (such as pl.f4d106fed2bd41149aaacabb233eb5eb)',
      );
    return item('apple-music', 'playlist', last, `https://music.apple.com/playlist/${last}`, hints);
  }
  const id = last.replace(/^id/, '');
  if (!NUMERIC.test(id))
    throw KINDS.has(kind)
      ? refuseId('Apple Music', kind, last, 'digits only (such as 1440857781)')
      : refuseItem('Apple Music', APPLE_FORMS);
  switch (kind) {
    case 'song':
      return item('apple-music', 'track', id, `https://music.apple.com/song/${id}`, hints);
    case 'music-video':
      return item('apple-music', 'track', id, `https://music.apple.com/music-video/${id}`, {
        ...hints,
        kind: 'music-video',
      });
    case 'artist':
      return item('apple-music', 'artist', id, `https://music.apple.com/artist/${id}`, hints);
    case 'album': {
      const song = link.params.get('i');
      if (song === null || song === '')
        return item('apple-music', 'album', id, `https://music.apple.com/album/${id}`, hints);
      // `?i=` names the song: a song id of the wrong form is that, not a link that names nothing.
      if (!NUMERIC.test(song)) throw refuseId('Apple Music', 'song', song, 'digits only (such as 1440857781)');
      return item('apple-music', 'track', song, `https://music.apple.com/song/${song}`, { country, albumId: id, slug });
    }
    default:
      return fail();
  }
}

function fail(): never {
  throw refuseItem('Apple Music', APPLE_FORMS);
}
