/**
 * @module
 * Which hosts belong to which of the five link platforms (D11). This table is the whole allow-list:
 * parsing accepts a link only on these hosts, and a short link's redirect is followed only to these.
 */
import type { LinkSource } from './types.ts';

export interface LinkSourceHosts {
  source: LinkSource;
  /** The platform's name as people say it (used in messages and docs). */
  name: string;
  /** The source's hosts, short-link hosts included. */
  hosts: readonly string[];
  /** The same site under the `www.`/`m.`/bare spelling the platform really serves; parsed, never a redirect target. */
  variants: readonly string[];
  /** Those of `hosts` whose links carry no item and must be followed. */
  shortHosts: readonly string[];
}

/** The five supported platforms with their hosts: for parsing, refusals' list and short links (docs/resolving-links.md). */
export const LINK_SOURCES: readonly LinkSourceHosts[] = [
  {
    source: 'spotify',
    name: 'Spotify',
    hosts: ['open.spotify.com', 'spotify.link'],
    variants: [],
    shortHosts: ['spotify.link'],
  },
  {
    source: 'deezer',
    name: 'Deezer',
    hosts: ['deezer.com', 'www.deezer.com', 'deezer.page.link', 'dzr.page.link', 'link.deezer.com'],
    variants: [],
    shortHosts: ['deezer.page.link', 'dzr.page.link', 'link.deezer.com'],
  },
  {
    source: 'apple-music',
    name: 'Apple Music',
    hosts: ['music.apple.com', 'itunes.apple.com'],
    variants: [],
    shortHosts: [],
  },
  {
    source: 'youtube-music',
    name: 'YouTube Music',
    hosts: ['music.youtube.com', 'www.youtube.com', 'youtu.be'],
    variants: ['youtube.com', 'm.youtube.com'],
    shortHosts: [],
  },
  {
    source: 'soundcloud',
    name: 'SoundCloud',
    hosts: ['soundcloud.com', 'm.soundcloud.com', 'on.soundcloud.com'],
    variants: ['www.soundcloud.com'],
    shortHosts: ['on.soundcloud.com'],
  },
];

const BY_HOST = new Map<string, LinkSourceHosts>();
const D11_HOSTS = new Set<string>();
for (const s of LINK_SOURCES) {
  for (const h of [...s.hosts, ...s.variants]) BY_HOST.set(h, s);
  for (const h of s.hosts) D11_HOSTS.add(h);
}

/** The source a (lower-case) host name belongs to, or undefined. */
export function sourceOfHost(host: string): LinkSourceHosts | undefined {
  return BY_HOST.get(host);
}

/**
 * True when `url`'s host is one of the table's hosts, exactly (not the tolerated variants), and the URL
 * is otherwise one the service may request: http(s), no credentials, the scheme's default port.
 * Used to vet each redirect of a short link before following it.
 */
export function isLinkHost(url: URL): boolean {
  return (
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    url.username === '' &&
    url.password === '' &&
    url.port === '' &&
    D11_HOSTS.has(url.hostname)
  );
}
