/**
 * @module
 * The vocabulary of a parsed music link (D11): which platform, which kind of item, which id.
 * Kept apart so the host table, the per-platform grammars and the later resolving step can all
 * share it without importing one another.
 */

/** The `source` values `/resolve` answers with. */
export type LinkSource = 'spotify' | 'deezer' | 'apple-music' | 'youtube-music' | 'soundcloud';

/** The item kinds `/resolve` answers with. */
export type LinkType = 'track' | 'album' | 'artist' | 'playlist';

export interface ParsedLink {
  source: LinkSource;
  /** Null when the link names a platform item kind the source cannot say yet: a short link (resolved by following it), a SoundCloud set (playlist or album). */
  type: LinkType | null;
  /** The platform's own id: Spotify base62, Deezer numeric, Apple numeric (`pl.…` for playlists), YouTube video id / playlist id / channel id, SoundCloud `user` or `user/slug` or `user/sets/slug`; for a short link, its path (`AbC123`, `s/AbC123`). */
  id: string;
  /** Short links (spotify.link, deezer.page.link, dzr.page.link, link.deezer.com, on.soundcloud.com): to be followed (max 3 redirects, only to the allowed hosts) by a later step. */
  short: boolean;
  /** The canonical URL of the item (e.g. https://open.spotify.com/track/<id>), always https, without locale, storefront or tracking. Built from the parsed parts, never copied from the input. */
  canonicalUrl: string;
  /**
   * Extra facts found on the way, never part of the identity: Apple `country` (storefront, lower
   * case, only when the link names one), `albumId` (an Apple album link's album when `?i=` made it
   * a track), `slug` (Apple's name slug), `kind: 'music-video'` (Apple), YouTube `list` (of a
   * watch link), SoundCloud `in` (context) and `secretToken` (a private link's `s-…` segment).
   */
  hints?: Record<string, string>;
}
