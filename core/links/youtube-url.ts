/**
 * @module
 * YouTube's link grammar, all read as the `youtube-music` source (`/resolve` accepts www.youtube.com):
 * `watch?v=` and `youtu.be/<id>` are tracks, `playlist?list=OLAK5uy_…` an album and any other
 * list a playlist, `channel/UC…` (and `browse/UC…` on YouTube Music) an artist.
 */
import type { LinkInput } from './input.ts';
import { refuseId, refuseItem } from './refuse.ts';
import type { ParsedLink } from './types.ts';
import { item } from './parsed-link.ts';

/** The accepted forms, for messages and docs. */
export const YOUTUBE_FORMS: readonly string[] = [
  'https://music.youtube.com/watch?v=<video id> (a track; www.youtube.com, m.youtube.com, youtube.com too)',
  'https://youtu.be/<video id>',
  'https://www.youtube.com/embed/<video id>',
  'https://music.youtube.com/playlist?list=<id> (OLAK5uy_… is an album, other lists are playlists)',
  'https://music.youtube.com/browse/MPREb_<id> (an album)',
  'https://music.youtube.com/channel/UC<id> (an artist; browse/UC<id> too)',
];

const VIDEO = /^[A-Za-z0-9_-]{11}$/;
const LIST = /^[A-Za-z0-9_-]{2,64}$/;
const CHANNEL = /^UC[A-Za-z0-9_-]{22}$/;
const ALBUM_BROWSE = /^MPREb_[A-Za-z0-9_-]{1,64}$/;
/** YouTube Music's album playlists. */
const ALBUM_LIST = 'OLAK5uy_';
const VIDEO_FORM = '11 letters, digits, - or _ (such as dQw4w9WgXcQ)';
const CHANNEL_FORM = '"UC" then 22 letters, digits, - or _';

function track(id: string, link: LinkInput): ParsedLink {
  const list = link.params.get('list') ?? undefined;
  return item('youtube-music', 'track', id, `https://music.youtube.com/watch?v=${id}`, {
    list: list !== undefined && LIST.test(list) ? list : undefined,
  });
}

function list(id: string): ParsedLink {
  return item(
    'youtube-music',
    id.startsWith(ALBUM_LIST) ? 'album' : 'playlist',
    id,
    `https://music.youtube.com/playlist?list=${id}`,
  );
}

export function parseYoutube(link: LinkInput): ParsedLink {
  const [first, second] = link.segments;
  const n = link.segments.length;
  if (link.host === 'youtu.be') {
    if (n === 1 && first !== undefined && VIDEO.test(first)) return track(first, link);
    if (n === 1 && first !== undefined) throw refuseId('YouTube', 'video', first, VIDEO_FORM);
    return fail();
  }
  if (n === 1 && first === 'watch') {
    const v = link.params.get('v');
    if (v !== null && VIDEO.test(v)) return track(v, link);
    if (v !== null && v !== '') throw refuseId('YouTube', 'video', v, VIDEO_FORM);
  }
  if (n === 1 && first === 'playlist') {
    const id = link.params.get('list');
    if (id !== null && LIST.test(id)) return list(id);
  }
  if (n === 2 && first === 'embed' && second !== undefined && VIDEO.test(second)) return track(second, link);
  // A channel's sub-pages (`/videos`, `/releases`) still name the channel.
  if (n >= 2 && first === 'channel' && second !== undefined && CHANNEL.test(second)) {
    return item('youtube-music', 'artist', second, `https://music.youtube.com/channel/${second}`);
  }
  if (n >= 2 && first === 'channel' && second !== undefined) throw refuseId('YouTube', 'channel', second, CHANNEL_FORM);
  if (n === 2 && first === 'browse' && link.host === 'music.youtube.com' && second !== undefined) {
    if (CHANNEL.test(second))
      return item('youtube-music', 'artist', second, `https://music.youtube.com/channel/${second}`);
    if (ALBUM_BROWSE.test(second))
      return item('youtube-music', 'album', second, `https://music.youtube.com/browse/${second}`);
  }
  return fail();
}

function fail(): never {
  throw refuseItem('YouTube', YOUTUBE_FORMS);
}
