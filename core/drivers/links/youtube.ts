/**
 * @module
 * YouTube link metadata from YouTube's oEmbed endpoint (`GET <youtube>/oembed?url=<item URL>&format=json`,
 * keyless): a video's `title` and `author_name` (its channel), read leniently (`titles.ts`:
 * `Artist - Title (Official Video)`, `Artist - Topic` channels); an album playlist's title
 * without YouTube Music's `Album - ` prefix, its channel as the artist; another playlist's title.
 * An artist (a channel) has no oEmbed: its page's `og:title` is read instead. The item URL sent
 * is always rebuilt on www.youtube.com from the vetted id. YouTube Music's `browse/MPREb_…` album
 * pages have neither: null without a request. Private, removed and unembeddable videos answer
 * 401/403/404: null.
 */
import { jsonOf, unexpected, type Upstream } from '../kit/call/call.ts';
import type { DriverContext } from '../kit/context.ts';
import { decoded } from '../shared/wire.ts';
import type { LinkMetadata } from '../../domain/links.ts';
import { first, metaTags } from './meta-tags.ts';
import { DRIVER_NAME, MISSING, request } from './request.ts';
import type { MetadataOf } from './spotify.ts';
import { channelArtist, splitTitle } from './titles.ts';
import { object, optionalString, string, type ItemKey } from './wire.ts';

const VIDEO = /^[A-Za-z0-9_-]{11}$/;
const LIST = /^[A-Za-z0-9_-]{2,64}$/;
const CHANNEL = /^UC[A-Za-z0-9_-]{22}$/;

interface Embed {
  title: string;
  author: string | null;
}

/** What oEmbed says of an item, as metadata of the kind asked. */
function fromEmbed(embed: Embed, type: LinkMetadata['type']): LinkMetadata {
  const base = { durationMs: null, isrc: null, upc: null };
  if (type === 'track') return { type, ...splitTitle(embed.title, embed.author), ...base };
  if (type === 'album') {
    return {
      type,
      title: embed.title.replace(/^Album\s+[-–]\s+/i, '').trim() || embed.title,
      artist: embed.author === null ? null : channelArtist(embed.author) || null,
      ...base,
    };
  }
  return { type: 'playlist', title: embed.title.trim(), artist: null, ...base };
}

export function youtubeMetadata(ctx: DriverContext, up: Upstream, maxAge: number): MetadataOf {
  const oembed = ctx.cached({
    name: `${DRIVER_NAME}:youtube-oembed`,
    maxAge,
    run: async (key: ItemKey, scope): Promise<LinkMetadata | null> => {
      const item =
        key.type === 'track'
          ? `https://www.youtube.com/watch?v=${key.id}`
          : `https://www.youtube.com/playlist?list=${key.id}`;
      const answer = await request(up, `/oembed?url=${encodeURIComponent(item)}&format=json`, {
        scope,
        headers: { accept: 'application/json' },
      });
      if (MISSING.has(answer.status)) return null;
      if (answer.status !== 200) throw unexpected(up, answer);
      const embed = decoded(up.name, jsonOf(up, answer), (body): Embed => {
        const o = object(body, 'oEmbed answer');
        return { title: string(o, 'title'), author: optionalString(o, 'author_name') };
      });
      return fromEmbed(embed, key.type);
    },
  });
  const channel = ctx.cached({
    name: `${DRIVER_NAME}:youtube-channel`,
    maxAge,
    run: async (id: string, scope): Promise<LinkMetadata | null> => {
      const answer = await request(up, `/channel/${id}`, { scope, headers: { accept: 'text/html' } });
      if (MISSING.has(answer.status)) return null;
      if (answer.status !== 200) throw unexpected(up, answer);
      const title = first(metaTags(answer.text), 'og:title');
      const name = title === null ? '' : channelArtist(title);
      return name === ''
        ? null
        : { type: 'artist', title: name, artist: null, durationMs: null, isrc: null, upc: null };
    },
  });
  return async (link, options) => {
    if (link.short || link.type === null) return null;
    switch (link.type) {
      case 'track':
        return VIDEO.test(link.id) ? oembed({ type: 'track', id: link.id }, options) : null;
      case 'album':
      case 'playlist':
        return LIST.test(link.id) && !link.id.startsWith('MPREb_')
          ? oembed({ type: link.type, id: link.id }, options)
          : null;
      case 'artist':
        return CHANNEL.test(link.id) ? channel(link.id, options) : null;
    }
  };
}
