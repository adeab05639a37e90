/**
 * @module
 * D11: from a pasted link to the music driver's own item. Deezer links name
 * the music driver's ids directly; the other platforms' links are matched from what the
 * platform says of the item (`LinksDriver.metadata`: exact by ISRC or UPC where known, else a
 * scored search, `link-match.ts`). Short links are followed first, only through the allowed hosts (`core/links/hosts.ts`).
 * Demo mode has no links driver: SoundCloud and Apple links are matched by the words of their
 * slugs, and a link only its platform can describe (Spotify, YouTube) is not found.
 * Not found is a 404 saying what was understood: `source`, and `type` and `id` when known.
 */
import { SleeveError } from '../../errors.ts';
import { parseLink, type LinkSource, type LinkType, type ParsedLink } from '../../links/parse.ts';
import type { LinkMetadata } from '../../domain/links.ts';
import type { Album, Artist, PlaylistHit, Track } from '../../domain/music.ts';
import type { Drivers } from '../../drivers/contracts/drivers.ts';
import type { MusicDriver } from '../../drivers/contracts/music.ts';
import { matchAlbum, matchArtist, matchPlaylist, matchTrack } from './link-match.ts';
import type { RequestScope } from '../../drivers/contracts/driver.ts';

type ResolvedItem =
  | { type: 'track'; track: Track }
  | { type: 'album'; album: Album }
  | { type: 'artist'; artist: Artist }
  | { type: 'playlist'; playlist: Pick<PlaylistHit, 'id'> };

export interface Resolved {
  source: LinkSource;
  /** The pasted link as its platform writes it: no locale, storefront or tracking. */
  canonicalUrl: string;
  item: ResolvedItem;
}

function notFound(link: ParsedLink, type: LinkType | null = link.type, hint = ''): SleeveError {
  return new SleeveError('not_found', `No ${type ?? 'item'} of this service matches that ${link.source} link.${hint}`, {
    extra: { source: link.source, ...(type ? { type } : {}), ...(link.short ? {} : { id: link.id }) },
  });
}

/**
 * Demo mode (no links driver) knows only its generated catalogue, so a real link finds nothing
 * there: the 404 says so and shows a link that resolves, its chart's first track.
 */
async function demoHint(drivers: Drivers, scope?: RequestScope): Promise<string> {
  if (drivers.links) return '';
  const first = (await drivers.music.chart(null, { limit: 1, scope }))?.tracks[0];
  const example = first ? ` such as https://www.deezer.com/track/${first.id}` : '';
  return ` Demo mode resolves only links to its own generated catalogue, Deezer links with its ids${example}; real items need live mode.`;
}

/** Demo mode's description of a link: the words of its slug, where the link has one. */
function slugMetadata(link: ParsedLink): LinkMetadata | null {
  const words = (slug: string) => slug.replace(/[-_]+/g, ' ').trim();
  const meta = (type: LinkMetadata['type'], title: string, artist: string | null = null): LinkMetadata => ({
    type,
    title,
    artist,
    durationMs: null,
    isrc: null,
    upc: null,
  });
  if (link.source === 'soundcloud') {
    const [user = '', second, third] = link.id.split('/');
    if (second === undefined) return meta('artist', words(user));
    if (second === 'sets' && third) return meta(link.type ?? 'playlist', words(third), words(user));
    return meta('track', words(second), words(user));
  }
  // An Apple album link with ?i= names the album in its slug, not the track: nothing to go on.
  const slug = link.hints?.slug;
  if (link.source === 'apple-music' && slug && link.type && !link.hints?.albumId) return meta(link.type, words(slug));
  return null;
}

async function byId(
  music: MusicDriver,
  type: LinkType,
  id: number,
  scope?: RequestScope,
): Promise<ResolvedItem | null> {
  switch (type) {
    case 'track': {
      const track = await music.track(id, { scope });
      return track && { type, track };
    }
    case 'album': {
      const album = await music.album(id, { scope });
      return album && { type, album };
    }
    case 'artist': {
      const artist = await music.artist(id, { scope });
      return artist && { type, artist };
    }
    case 'playlist': {
      const playlist = await music.playlist(id, { scope });
      return playlist && { type, playlist };
    }
  }
}

async function byMetadata(music: MusicDriver, meta: LinkMetadata, scope?: RequestScope): Promise<ResolvedItem | null> {
  switch (meta.type) {
    case 'track': {
      const hit = await matchTrack(music, meta, scope);
      const track = hit && (await music.track(hit.id, { scope }));
      return track && { type: 'track', track };
    }
    case 'album': {
      const album = await matchAlbum(music, meta, scope);
      return album && { type: 'album', album };
    }
    case 'artist': {
      const artist = await matchArtist(music, meta, scope);
      return artist && { type: 'artist', artist };
    }
    case 'playlist': {
      const playlist = await matchPlaylist(music, meta, scope);
      return playlist && { type: 'playlist', playlist };
    }
  }
}

/** A short link's target, parsed; null when it leads nowhere this service may go. */
async function expand(drivers: Drivers, link: ParsedLink, scope?: RequestScope): Promise<ParsedLink | null> {
  const target = drivers.links ? await drivers.links.expand(link.canonicalUrl, { scope }) : null;
  if (target === null) return null;
  try {
    const parsed = parseLink(target);
    return parsed.short ? null : parsed;
  } catch {
    return null;
  }
}

export async function resolveLink(drivers: Drivers, url: string, scope?: RequestScope): Promise<Resolved> {
  const pasted = parseLink(url);
  const link = pasted.short ? await expand(drivers, pasted, scope) : pasted;
  if (link === null) throw notFound(pasted);
  const { music } = drivers;
  if (link.source === 'deezer') {
    const item = link.type ? await byId(music, link.type, Number(link.id), scope) : null;
    if (!item) throw notFound(link, link.type, await demoHint(drivers, scope));
    return { source: link.source, canonicalUrl: pasted.canonicalUrl, item };
  }
  const meta = drivers.links ? await drivers.links.metadata(link, { scope }) : slugMetadata(link);
  // A SoundCloud set is an album or a playlist, and nothing says which: an album first.
  const kinds: LinkType[] = link.type
    ? [link.type]
    : meta?.type === 'playlist'
      ? ['album', 'playlist']
      : meta
        ? [meta.type]
        : [];
  let item: ResolvedItem | null = null;
  for (const type of kinds) if (meta && !item) item = await byMetadata(music, { ...meta, type }, scope);
  if (!item) throw notFound(link, link.type ?? meta?.type ?? null, await demoHint(drivers, scope));
  return { source: link.source, canonicalUrl: pasted.canonicalUrl, item };
}
