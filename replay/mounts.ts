/**
 * @module
 * The upstreams the replay server mounts, each under its own prefix (`/deezer`, ...). Adding
 * an upstream is one line here and one file beside it.
 */
import { azuracastUpstream } from './azuracast/index.ts';
import { deezerUpstream } from './deezer/index.ts';
import { deezerImagesUpstream } from './deezer/images.ts';
import { reccobeatsUpstream } from './reccobeats/index.ts';
import {
  itunesUpstream,
  shortLinksUpstream,
  soundcloudUpstream,
  spotifyAccountsUpstream,
  spotifyApiUpstream,
  spotifyUpstream,
  youtubeUpstream,
} from './links/index.ts';
import { lrclibUpstream } from './lrclib/index.ts';
import { wikidataUpstream, wikipediaUpstream } from './wikimedia/index.ts';
import type { Upstream } from './contract.ts';

export type UpstreamName =
  | 'deezer'
  | 'reccobeats'
  | 'azuracast'
  | 'deezer-images'
  | 'spotify'
  | 'spotify-api'
  | 'spotify-accounts'
  | 'itunes'
  | 'youtube'
  | 'soundcloud'
  | 'short-links'
  | 'lrclib'
  | 'wikidata'
  | 'wikipedia';

export const UPSTREAMS: Readonly<Record<UpstreamName, () => Upstream>> = {
  deezer: deezerUpstream,
  reccobeats: reccobeatsUpstream,
  azuracast: azuracastUpstream,
  'deezer-images': deezerImagesUpstream,
  spotify: spotifyUpstream,
  'spotify-api': spotifyApiUpstream,
  'spotify-accounts': spotifyAccountsUpstream,
  itunes: itunesUpstream,
  youtube: youtubeUpstream,
  soundcloud: soundcloudUpstream,
  'short-links': shortLinksUpstream,
  lrclib: lrclibUpstream,
  wikidata: wikidataUpstream,
  wikipedia: wikipediaUpstream,
};

export function isUpstream(prefix: string): prefix is UpstreamName {
  return Object.hasOwn(UPSTREAMS, prefix);
}
