/**
 * @module
 * Spotify link metadata. Keyless, from open.spotify.com: the oEmbed endpoint
 * (`GET /oembed?url=<item URL>`, documented by Spotify: the item's title) and the item's own
 * page, whose Open Graph tags carry the rest (`og:title`; `music:musician_description`, the
 * credited artists joined by `, `, one `music:musician` tag each; `og:description`,
 * `Artist · Album · Song · Year` for a track, `Artist · Album · Year · N songs` for an album;
 * `music:duration` in seconds). Both are asked at once, each cached; the page only adds facts,
 * so when it fails while oEmbed answered, the title alone is answered.
 *
 * With a client id and secret configured: an app token by the client-credentials flow
 * (`POST <accounts>/api/token`), kept until a minute before it expires, then the Web API's
 * `GET /v1/tracks/<id>` (ISRC) and `GET /v1/albums/<id>` (UPC, as Spotify writes it: often
 * zero-padded to 14 digits, `00602475093060`) for tracks and albums; artists and playlists stay
 * keyless. Credentials the accounts service refuses are logged and left alone for 10 minutes,
 * the keyless way answering meanwhile; any other failure of the API is the caller's 502/504.
 */
import type { ParsedLink } from '../../links/types.ts';
import { jsonOf, unexpected, type TextReply, type Upstream } from '../kit/call/call.ts';
import type { DriverContext } from '../kit/context.ts';
import { decoded, WireError } from '../shared/wire.ts';
import type { LinkMetadata } from '../../domain/links.ts';
import type { CallOptions } from '../contracts/driver.ts';
import { first, metaTags, type MetaTags } from './meta-tags.ts';
import { DRIVER_NAME, MISSING, request } from './request.ts';
import { mainCredit } from './titles.ts';
import { isrcOf, object, optionalString, string, upcOf, type ItemKey, type LinkKind } from './wire.ts';
import type { RequestScope } from '../kit/scope.ts';

export interface SpotifyUpstreams {
  /** open.spotify.com: oEmbed and pages. */
  page: Upstream;
  /** api.spotify.com */
  api: Upstream;
  /** accounts.spotify.com */
  accounts: Upstream;
}

export interface SpotifyCredentials {
  clientId: string;
  clientSecret: string;
}

const ID = /^[0-9A-Za-z]{22}$/;
/** A token is dropped this long before Spotify says it expires. */
const TOKEN_MARGIN_S = 60;
/** How long refused credentials are left alone before they are tried again. */
const REFUSAL_PAUSE_MS = 10 * 60 * 1000;

/** The accounts service refused the configured credentials (400/401/403). */
class CredentialsRefused extends Error {
  override readonly name = 'CredentialsRefused';
}

interface PageFacts {
  title: string | null;
  artist: string | null;
  durationMs: number | null;
}

/** `Artist · Album · Song · 2024` → `Artist`; null when the first part names a kind (`Playlist · …`). */
export function creditFromDescription(description: string | null): string | null {
  if (description === null) return null;
  const text = description.replace(/^Listen to .+? on Spotify\.\s*/i, '');
  const parts = text.split(/\s+·\s+/).map((part) => part.trim());
  const credit = parts[0];
  if (parts.length < 2 || credit === undefined || credit === '') return null;
  return /^(?:song|single|album|ep|compilation|playlist|artist|podcast|episode)$/i.test(credit) ? null : credit;
}

/** What an item's page says, from its meta tags. */
export function pageFacts(tags: MetaTags, type: LinkKind): PageFacts {
  const title = first(tags, 'og:title');
  let artist: string | null = null;
  if (type === 'track' || type === 'album') {
    const credit = first(tags, 'music:musician_description') ?? creditFromDescription(first(tags, 'og:description'));
    // One `music:musician` tag: the credit is one name, commas and all (`Tyler, The Creator`).
    if (credit !== null) artist = (tags.get('music:musician')?.length ?? 0) === 1 ? credit : mainCredit(credit);
  }
  const seconds = Number(first(tags, 'music:duration') ?? Number.NaN);
  const durationMs = type === 'track' && Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : null;
  return { title, artist, durationMs };
}

const firstArtist = (body: Record<string, unknown>): string | null => {
  const artists = body['artists'];
  if (!Array.isArray(artists)) throw new WireError('artists is not a list');
  const name = artists.length === 0 ? undefined : object(artists[0], 'artists[0]')['name'];
  return typeof name === 'string' && name !== '' ? name : null;
};

export function apiTrack(body: unknown): LinkMetadata {
  const track = object(body, 'track');
  const duration = track['duration_ms'];
  const ids =
    track['external_ids'] === undefined || track['external_ids'] === null
      ? {}
      : object(track['external_ids'], 'external_ids');
  return {
    type: 'track',
    title: string(track, 'name'),
    artist: firstArtist(track),
    durationMs: typeof duration === 'number' && duration > 0 ? duration : null,
    isrc: isrcOf(optionalString(ids, 'isrc')),
    upc: null,
  };
}

export function apiAlbum(body: unknown): LinkMetadata {
  const album = object(body, 'album');
  const ids =
    album['external_ids'] === undefined || album['external_ids'] === null
      ? {}
      : object(album['external_ids'], 'external_ids');
  return {
    type: 'album',
    title: string(album, 'name'),
    artist: firstArtist(album),
    durationMs: null,
    isrc: null,
    upc: upcOf(optionalString(ids, 'upc')),
  };
}

/** Base64 of UTF-8 text, on every runtime. */
function base64(text: string): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(text)));
}

export type MetadataOf = (link: ParsedLink, options?: CallOptions) => Promise<LinkMetadata | null>;

export function spotifyMetadata(
  ctx: DriverContext,
  up: SpotifyUpstreams,
  credentials: SpotifyCredentials | null,
  maxAge: number,
): MetadataOf {
  const oembed = ctx.cached({
    name: `${DRIVER_NAME}:spotify-oembed`,
    maxAge,
    run: async (key: ItemKey, scope): Promise<string | null> => {
      const item = `https://open.spotify.com/${key.type}/${key.id}`;
      const answer = await request(up.page, `/oembed?url=${encodeURIComponent(item)}`, {
        scope,
        headers: { accept: 'application/json' },
      });
      if (MISSING.has(answer.status)) return null;
      if (answer.status !== 200) throw unexpected(up.page, answer);
      return decoded(up.page.name, jsonOf(up.page, answer), (body) => string(object(body, 'oEmbed answer'), 'title'));
    },
  });
  const page = ctx.cached({
    name: `${DRIVER_NAME}:spotify-page`,
    maxAge,
    run: async (key: ItemKey, scope): Promise<PageFacts | null> => {
      const answer = await request(up.page, `/${key.type}/${key.id}`, { scope, headers: { accept: 'text/html' } });
      if (MISSING.has(answer.status)) return null;
      if (answer.status !== 200) throw unexpected(up.page, answer);
      return pageFacts(metaTags(answer.text), key.type);
    },
  });

  const keyless = async (key: ItemKey, options: CallOptions | undefined): Promise<LinkMetadata | null> => {
    const [title, facts] = await Promise.all([
      oembed(key, options),
      page(key, options).catch((error: unknown) => {
        if (options?.scope?.signal.aborted) throw error;
        // The page only adds facts: oEmbed's answer (or failure) decides.
        ctx.log.error(`[${up.page.name}] the ${key.type} page failed; answering oEmbed's title alone`, {
          error: String(error),
        });
        return null;
      }),
    ]);
    const name = title ?? null;
    if (name === null || name.trim() === '') return null;
    return {
      type: key.type,
      title: name.trim(),
      artist: facts?.artist ?? null,
      durationMs: facts?.durationMs ?? null,
      isrc: null,
      upc: null,
    };
  };

  if (credentials === null) {
    return async (link, options) => {
      const key = keyOf(link);
      return key === null ? null : keyless(key, options);
    };
  }

  let kept: { value: string; until: number } | null = null;
  let pending: Promise<string> | null = null;
  /** Refused credentials are not offered again before this (Unix ms): no token request per link. */
  let refusedUntil = Number.NEGATIVE_INFINITY;

  const fetchToken = async (): Promise<string> => {
    const answer = await request(up.accounts, '/api/token', {
      method: 'POST',
      body: 'grant_type=client_credentials',
      headers: {
        authorization: `Basic ${base64(`${credentials.clientId}:${credentials.clientSecret}`)}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
    });
    if (answer.status === 400 || answer.status === 401 || answer.status === 403)
      throw new CredentialsRefused(`HTTP ${answer.status}`);
    if (answer.status !== 200) throw unexpected(up.accounts, answer);
    const token = decoded(up.accounts.name, jsonOf(up.accounts, answer), (body) => {
      const o = object(body, 'token answer');
      const expires = o['expires_in'];
      if (typeof expires !== 'number' || !(expires > 0)) throw new WireError('expires_in is not a positive number');
      return { value: string(o, 'access_token'), seconds: expires };
    });
    kept = { value: token.value, until: ctx.now() + Math.max(0, token.seconds - TOKEN_MARGIN_S) * 1000 };
    return token.value;
  };
  /** The app token: kept until near its expiry; callers needing a new one share one request. */
  const bearer = (): Promise<string> => {
    if (kept !== null && kept.until > ctx.now()) return Promise.resolve(kept.value);
    pending ??= fetchToken().finally(() => {
      pending = null;
    });
    return pending;
  };

  const callApi = async (path: string, scope: RequestScope): Promise<TextReply> => {
    for (let attempt = 1; ; attempt++) {
      const token = await bearer();
      const answer = await request(up.api, path, {
        scope,
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      });
      // An expired or revoked token: once more with a new one.
      if (answer.status === 401 && attempt === 1) {
        if (kept?.value === token) kept = null;
        continue;
      }
      return answer;
    }
  };
  const fromApi = ctx.cached({
    name: `${DRIVER_NAME}:spotify-api`,
    maxAge,
    run: async (key: ItemKey, scope): Promise<LinkMetadata | null> => {
      const answer = await callApi(`/v1/${key.type}s/${key.id}`, scope);
      if (answer.status === 404 || answer.status === 400) return null;
      if (answer.status !== 200) throw unexpected(up.api, answer);
      return decoded(up.api.name, jsonOf(up.api, answer), key.type === 'track' ? apiTrack : apiAlbum);
    },
  });

  return async (link, options) => {
    const key = keyOf(link);
    if (key === null) return null;
    if ((key.type === 'track' || key.type === 'album') && ctx.now() >= refusedUntil) {
      try {
        return await fromApi(key, options);
      } catch (error) {
        if (!(error instanceof CredentialsRefused)) throw error;
        if (ctx.now() >= refusedUntil) {
          refusedUntil = ctx.now() + REFUSAL_PAUSE_MS;
          ctx.log.error(
            `[${up.accounts.name}] refused the configured Spotify client credentials (${error.message}): links answer without ISRC or UPC, and they are tried again in ${REFUSAL_PAUSE_MS / 60_000} minutes`,
          );
        }
      }
    }
    return keyless(key, options);
  };
}

function keyOf(link: ParsedLink): ItemKey | null {
  return link.type !== null && !link.short && ID.test(link.id) ? { type: link.type, id: link.id } : null;
}
