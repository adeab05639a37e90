/**
 * @module
 * Recognising links that are not ours, so the refusal can say so by name: music platforms
 * outside the five `/resolve` reads, and other hosts of the five platforms' own domains (e.g.
 * geo.music.apple.com), which the host list (`hosts.ts`) leaves out.
 */

/** Music platforms people paste links of that Sleeve does not resolve (matched on the host). */
const OTHER_PLATFORMS: readonly (readonly [string, RegExp])[] = [
  ['Tidal', /(^|\.)tidal\.com$/],
  ['Amazon Music', /(^|\.)amazon\.(com|[a-z]{2}|co\.[a-z]{2}|com\.[a-z]{2})$/],
  ['Bandcamp', /(^|\.)bandcamp\.com$/],
  ['Qobuz', /(^|\.)qobuz\.com$/],
  ['Napster', /(^|\.)napster\.com$/],
  ['Pandora', /(^|\.)pandora\.com$/],
  ['Audiomack', /(^|\.)audiomack\.com$/],
  ['Anghami', /(^|\.)anghami\.com$/],
  ['Boomplay', /(^|\.)boomplay\.com$/],
  ['Yandex Music', /^music\.yandex\.[a-z.]+$/],
  ['Google Play', /^play\.google\.com$/],
  ['Shazam', /(^|\.)shazam\.com$/],
  ['Last.fm', /(^|\.)last\.fm$/],
  ['Beatport', /(^|\.)beatport\.com$/],
  ['Audius', /(^|\.)audius\.co$/],
  ['KKBOX', /(^|\.)kkbox\.com$/],
  ['JioSaavn', /(^|\.)jiosaavn\.com$/],
  ['Odesli (song.link)', /(^|\.)(song\.link|album\.link|odesli\.co)$/],
];

/** The platform outside the five that `host` belongs to, if it is a known one. */
export function otherPlatform(host: string): string | undefined {
  return OTHER_PLATFORMS.find(([, re]) => re.test(host))?.[0];
}

/** Domains of the five platforms: a host under one of them that is not in the allow-list is named as such. */
const OWN_DOMAINS: readonly (readonly [string, string])[] = [
  ['spotify.com', 'Spotify'],
  ['deezer.com', 'Deezer'],
  ['apple.com', 'Apple Music'],
  ['youtube.com', 'YouTube Music'],
  ['soundcloud.com', 'SoundCloud'],
];

/** The supported platform whose domain `host` sits under (though the host itself is not accepted). */
export function ownDomainOf(host: string): string | undefined {
  return OWN_DOMAINS.find(([d]) => host === d || host.endsWith(`.${d}`))?.[1];
}
