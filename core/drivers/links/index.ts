/**
 * @module
 * The links driver (D11), the links source of live mode: what Spotify, Apple Music, YouTube
 * and SoundCloud say about a linked item, from their public, keyless endpoints (`spotify.ts`,
 * `apple.ts`, `youtube.ts`, `soundcloud.ts`), and short links followed through the short-link hosts only
 * (`expand.ts`). Deezer links are the music source's: null here. What a link itself says (its
 * platform, kind and id, no network call) is `core/links/`; this folder asks the platforms.
 *
 * Every upstream has its own configurable base URL (defaults: the real hosts), its own timeout
 * (2.5 s by default, the kit's), its own circuit (`links:<upstream>`) and its own named caches (a day by
 * default; "nothing there" five minutes). Nothing is ever requested but those bases and the
 * short-link hosts: the paths are built from the vetted ids of a parsed link, never from a URL
 * found in a body, and no redirect is followed off a base. Spotify client credentials, when
 * configured, add exact ISRC (tracks) and UPC (albums) from the Web API.
 *
 * No call budget: none of these publishes one that the kit's budgets can hold (iTunes asks
 * "about 20 calls a minute", below what a 500-ms-slot budget can count); the day-long caches
 * keep repeated links off the wire.
 */
import type { ParsedLink } from '../../links/types.ts';
import { UPSTREAM_TIMEOUT_MS, type Upstream } from '../kit/call/call.ts';
import type { DriverContext } from '../kit/context.ts';
import { SleeveError } from '../../errors.ts';
import type { LinkMetadata } from '../../domain/links.ts';
import type { CallOptions, ProbeResult } from '../contracts/driver.ts';
import type { LinksDriver } from '../contracts/links.ts';
import { appleMetadata } from './apple.ts';
import { expander } from './expand.ts';
import { DRIVER_NAME, request } from './request.ts';
import { soundcloudMetadata } from './soundcloud.ts';
import { spotifyMetadata, type MetadataOf } from './spotify.ts';
import { youtubeMetadata } from './youtube.ts';
import type { RequestScope } from '../kit/scope.ts';

export { DRIVER_NAME };

/** The upstreams of the links source, as named in errors, circuits (`links:<name>`) and `timeouts`. */
type LinksUpstream =
  | 'spotify'
  | 'spotify-api'
  | 'spotify-accounts'
  | 'itunes'
  | 'youtube'
  | 'soundcloud'
  | 'short-links';

export interface LinksOptions {
  /** open.spotify.com (oEmbed and pages). Default `https://open.spotify.com`. */
  spotifyUrl?: string;
  /** The Spotify Web API, used only with credentials. Default `https://api.spotify.com`. */
  spotifyApiUrl?: string;
  /** Spotify's accounts service (client-credentials tokens). Default `https://accounts.spotify.com`. */
  spotifyAccountsUrl?: string;
  /** Both or neither: with them, Spotify tracks and albums carry their ISRC and UPC. */
  spotifyClientId?: string;
  spotifyClientSecret?: string;
  /** The iTunes Lookup API. Default `https://itunes.apple.com`. */
  itunesUrl?: string;
  /** YouTube's oEmbed and channel pages. Default `https://www.youtube.com`. */
  youtubeUrl?: string;
  /** SoundCloud's oEmbed. Default `https://soundcloud.com`. */
  soundcloudUrl?: string;
  /**
   * Where short-link hosts are requested: unset, each at its own `https://<host>` (the only right
   * value in production); set (a replay's URL), `<shortLinksUrl>/<host><path>`.
   */
  shortLinksUrl?: string;
  /** Milliseconds before a call with no answer is a 504, for every upstream (default 2500, kit/call/call.ts). */
  timeoutMs?: number;
  /** Per upstream, over `timeoutMs`. */
  timeouts?: Partial<Record<LinksUpstream, number>>;
  /** Seconds an answer is kept (default 86400); "nothing there" is kept five minutes. */
  cacheSeconds?: number;
}

export const DEFAULT_URLS: Readonly<{
  spotifyUrl: string;
  spotifyApiUrl: string;
  spotifyAccountsUrl: string;
  itunesUrl: string;
  youtubeUrl: string;
  soundcloudUrl: string;
}> = {
  spotifyUrl: 'https://open.spotify.com',
  spotifyApiUrl: 'https://api.spotify.com',
  spotifyAccountsUrl: 'https://accounts.spotify.com',
  itunesUrl: 'https://itunes.apple.com',
  youtubeUrl: 'https://www.youtube.com',
  soundcloudUrl: 'https://soundcloud.com',
};
const TIMEOUT_MS: number = UPSTREAM_TIMEOUT_MS;
const CACHE_SECONDS: number = 24 * 60 * 60;

/** What the health probe asks each keyless platform for: items that have long existed. */
const PROBES: Readonly<{ spotify: string; itunes: string; youtube: string; soundcloud: string }> = {
  /** Lady Gaga, Bruno Mars: Die With A Smile (its Web API answer is recorded). */
  spotify: `/oembed?url=${encodeURIComponent('https://open.spotify.com/track/2plbrEY59IikOBgBGLjaoe')}`,
  /** Queen, A Night at the Opera (Deluxe Edition) (its Lookup answer is recorded). */
  itunes: '/lookup?id=1441458047&country=gb',
  /** Daft Punk, Harder, Better, Faster, Stronger (Official Video). */
  youtube: `/oembed?url=${encodeURIComponent('https://www.youtube.com/watch?v=gAjR4_CbPpQ')}&format=json`,
  /** SoundCloud's own documentation example. */
  soundcloud: `/oembed?url=${encodeURIComponent('https://soundcloud.com/forss/flickermood')}&format=json`,
};

const trim = (url: string): string => url.replace(/\/+$/, '');

export default function links(options: LinksOptions, ctx: DriverContext): LinksDriver {
  const maxAge = options.cacheSeconds ?? CACHE_SECONDS;
  const upstream = (name: LinksUpstream, base: string): Upstream =>
    ctx.upstream({
      name,
      base: trim(base),
      timeoutMs: options.timeouts?.[name] ?? options.timeoutMs ?? TIMEOUT_MS,
      circuit: `${DRIVER_NAME}:${name}`,
      // SLEEVE_SPOTIFY_URL, SLEEVE_SPOTIFY_API_URL, SLEEVE_SHORT_LINKS_URL, ...
      setting: `SLEEVE_${name.toUpperCase().replaceAll('-', '_')}_URL`,
    });
  const spotifyPage = upstream('spotify', options.spotifyUrl ?? DEFAULT_URLS.spotifyUrl);
  const itunes = upstream('itunes', options.itunesUrl ?? DEFAULT_URLS.itunesUrl);
  const youtube = upstream('youtube', options.youtubeUrl ?? DEFAULT_URLS.youtubeUrl);
  const soundcloud = upstream('soundcloud', options.soundcloudUrl ?? DEFAULT_URLS.soundcloudUrl);
  const { spotifyClientId: clientId, spotifyClientSecret: clientSecret } = options;
  if ((clientId === undefined) !== (clientSecret === undefined)) {
    throw new TypeError('links: spotifyClientId and spotifyClientSecret go together: set both or neither');
  }
  const credentials =
    clientId !== undefined && clientSecret !== undefined && clientId !== '' && clientSecret !== ''
      ? { clientId, clientSecret }
      : null;
  const shortLinksUrl = options.shortLinksUrl === undefined ? undefined : trim(options.shortLinksUrl);

  const byPlatform: Readonly<Record<Exclude<ParsedLink['source'], 'deezer'>, MetadataOf>> = {
    spotify: spotifyMetadata(
      ctx,
      {
        page: spotifyPage,
        api: upstream('spotify-api', options.spotifyApiUrl ?? DEFAULT_URLS.spotifyApiUrl),
        accounts: upstream('spotify-accounts', options.spotifyAccountsUrl ?? DEFAULT_URLS.spotifyAccountsUrl),
      },
      credentials,
      maxAge,
    ),
    'apple-music': appleMetadata(ctx, itunes, maxAge),
    'youtube-music': youtubeMetadata(ctx, youtube, maxAge),
    soundcloud: soundcloudMetadata(ctx, soundcloud, maxAge),
  };
  const expand = expander(
    ctx,
    {
      upstream: upstream('short-links', 'https://short-links.invalid'),
      originOf: (host) => (shortLinksUrl === undefined ? `https://${host}` : `${shortLinksUrl}/${host}`),
    },
    maxAge,
  );

  /** One keyless platform reached: the status it answered, 0 when unreachable or too slow. */
  const probeOne = async (up: Upstream, path: string, scope: RequestScope | undefined): Promise<ProbeResult> => {
    try {
      const { status } = await request(up, path, { scope, raw: true, headers: { accept: 'application/json' } });
      return { ok: status === 200, status };
    } catch (error) {
      if (scope?.signal.aborted) throw error;
      if (error instanceof SleeveError) return { ok: false, status: 0 };
      throw error;
    }
  };

  return {
    name: DRIVER_NAME,
    expand,
    async metadata(link: ParsedLink, o?: CallOptions): Promise<LinkMetadata | null> {
      o?.scope?.signal.throwIfAborted();
      if (link.short || link.source === 'deezer') return null;
      return byPlatform[link.source](link, o);
    },
    // Never from the cache: each keyless platform is asked for a long-lived item; ok when all answer.
    async probe(o) {
      const results = await Promise.all([
        probeOne(spotifyPage, PROBES.spotify, o?.scope),
        probeOne(itunes, PROBES.itunes, o?.scope),
        probeOne(youtube, PROBES.youtube, o?.scope),
        probeOne(soundcloud, PROBES.soundcloud, o?.scope),
      ]);
      const failed = results.find((r) => !r.ok);
      return failed ?? { ok: true, status: 200 };
    },
  };
}
