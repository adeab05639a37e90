/**
 * @module
 * `parseLink`: from the text a caller pasted to the platform, kind and id of the item it names,
 * with no network call. The entry point of the links folder: it vets the input, hands the URL to
 * its platform's grammar, and re-exports the vocabulary and host table callers need.
 */
import { readUrl, schemeOf, vetText } from './input.ts';
import { APPLE_FORMS, parseApple } from './apple-url.ts';
import { DEEZER_FORMS, parseDeezer } from './deezer-url.ts';
import { parseSoundcloud, SOUNDCLOUD_FORMS } from './soundcloud-url.ts';
import { parseSpotify, parseSpotifyUri, SPOTIFY_FORMS } from './spotify-url.ts';
import { parseYoutube, YOUTUBE_FORMS } from './youtube-url.ts';
import type { LinkSource, ParsedLink } from './types.ts';

export type { LinkSource, LinkType, ParsedLink } from './types.ts';
export { isLinkHost, LINK_SOURCES } from './hosts.ts';
export { MAX_LINK_LENGTH } from './input.ts';

/** The link forms each platform accepts, as docs/resolving-links.md lists them. */
export const LINK_FORMS: Readonly<Record<LinkSource, readonly string[]>> = {
  spotify: SPOTIFY_FORMS,
  deezer: DEEZER_FORMS,
  'apple-music': APPLE_FORMS,
  'youtube-music': YOUTUBE_FORMS,
  soundcloud: SOUNDCLOUD_FORMS,
};

/**
 * The item a pasted link names. Throws `SleeveError('bad_request', message, { param: 'url' })`
 * for anything not a link of the five platforms: another host (a link of another platform says
 * which are supported), a scheme other than http(s) (a `spotify:` URI excepted), credentials, an
 * IP literal, a port, a malformed URL, over `MAX_LINK_LENGTH` characters, or a path that names no
 * track, album, artist or playlist.
 */
export function parseLink(input: string): ParsedLink {
  const text = vetText(input);
  if (schemeOf(text) === 'spotify') return parseSpotifyUri(text);
  const link = readUrl(text);
  switch (link.platform.source) {
    case 'spotify':
      return parseSpotify(link);
    case 'deezer':
      return parseDeezer(link);
    case 'apple-music':
      return parseApple(link);
    case 'youtube-music':
      return parseYoutube(link);
    case 'soundcloud':
      return parseSoundcloud(link);
  }
}
