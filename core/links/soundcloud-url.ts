/**
 * @module
 * SoundCloud's link grammar: `/<user>` is an artist, `/<user>/<slug>` a track, `/<user>/sets/<slug>`
 * a set (playlist or album: only its metadata tells, so the type stays null); site pages such as
 * `/discover` or `/search` are no user; `on.soundcloud.com/<code>` is a short link.
 */
import type { LinkInput } from './input.ts';
import { refuse, refuseItem } from './refuse.ts';
import type { LinkType, ParsedLink } from './types.ts';
import { item, shortLink } from './parsed-link.ts';

/** The accepted forms, for messages and docs. */
export const SOUNDCLOUD_FORMS: readonly string[] = [
  'https://soundcloud.com/<user> (an artist)',
  'https://soundcloud.com/<user>/<track>',
  'https://soundcloud.com/<user>/sets/<set> (a playlist or an album)',
  'https://on.soundcloud.com/<code>',
];

/** SoundCloud permalinks: letters, digits, `_` and `-` (compared lower-case, as SoundCloud does). */
const PERMALINK = /^[a-z0-9_-]{1,100}$/i;
/** First path segments that are pages of the site, not users. */
const RESERVED: ReadonlySet<string> = new Set([
  'discover',
  'search',
  'you',
  'stream',
  'upload',
  'charts',
  'pages',
  'tags',
  'people',
  'groups',
  'jobs',
  'settings',
  'notifications',
  'messages',
  'mobile',
  'imprint',
  'popular',
  'logout',
  'signin',
  'signup',
  'login',
  'connect',
  'premium',
  'pro',
  'go',
  'creators',
  'artists',
  'apps',
  'feed',
  'home',
  'explore',
  'terms-of-use',
  'community-guidelines',
  'legal',
  'press',
  'stations',
  'checkout',
  'gift',
  'get-started',
  'for',
  'sets',
  'tracks',
  'playlists',
  'albums',
  'oembed',
  'widget',
  'player',
  'resolve',
  'library',
  'next',
  'genres',
  'trending',
  'new',
  'embed',
]);
/** A user's sub-pages: they still name the user. */
const USER_PAGES: ReadonlySet<string> = new Set([
  'tracks',
  'albums',
  'sets',
  'reposts',
  'likes',
  'followers',
  'following',
  'popular-tracks',
  'comments',
  'spotlight',
  'playlists',
  'toptracks',
]);
/** A track's or a set's sub-pages: they still name it. */
const ITEM_PAGES: ReadonlySet<string> = new Set(['recommended', 'likes', 'reposts', 'comments', 'sets']);
/** A private item's secret token segment. */
const SECRET = /^s-[A-Za-z0-9]{1,64}$/;

export function parseSoundcloud(link: LinkInput): ParsedLink {
  if (link.host === 'on.soundcloud.com') return shortLink(link) ?? fail();
  const segs = link.segments.map((s) => s.toLowerCase());
  const [user, second, third, fourth] = segs;
  if (user === undefined) fail();
  if (RESERVED.has(user)) throw refuse(`url is a SoundCloud page (/${user}), not a track, set or user.`);
  if (!segs.every((s) => PERMALINK.test(s))) fail();
  const inContext = link.params.get('in') ?? undefined;
  const hints = {
    in:
      inContext !== undefined && /^[a-z0-9_-]+(\/[a-z0-9_-]+){0,2}$/i.test(inContext)
        ? inContext.toLowerCase()
        : undefined,
  };

  if (second === undefined || (segs.length === 2 && USER_PAGES.has(second))) return at('artist', user, hints);
  if (second === 'sets') {
    if (third === undefined || segs.length > 4) fail();
    const id = `${user}/sets/${third}`;
    if (fourth === undefined || ITEM_PAGES.has(fourth)) return at(null, id, hints);
    if (SECRET.test(link.segments[3] ?? '')) return at(null, id, { ...hints, secretToken: link.segments[3] });
    return fail();
  }
  if (segs.length > 3) fail();
  const id = `${user}/${second}`;
  if (third === undefined || ITEM_PAGES.has(third)) return at('track', id, hints);
  if (SECRET.test(link.segments[2] ?? '')) return at('track', id, { ...hints, secretToken: link.segments[2] });
  return fail();
}

function at(type: LinkType | null, id: string, hints: Record<string, string | undefined>): ParsedLink {
  return item('soundcloud', type, id, `https://soundcloud.com/${id}`, hints);
}

function fail(): never {
  throw refuseItem('SoundCloud', SOUNDCLOUD_FORMS);
}
