/**
 * @module
 * SoundCloud link metadata from SoundCloud's oEmbed endpoint (`GET <soundcloud>/oembed?url=<item URL>&format=json`,
 * keyless, documented by SoundCloud for tracks, sets and users): `title` (`<Track> by <User>`)
 * and `author_name` (the uploader). A track's title loses its ` by <uploader>` suffix and is read
 * like an upload title (`Artist - Title` from a label's account); a set, which oEmbed does not
 * tell apart from an album, is answered as a playlist with its uploader as the artist; a user is
 * an artist. The item URL sent is rebuilt on soundcloud.com from the vetted permalink (with a
 * private link's secret token). Unknown or private items answer 403/404: null.
 */
import { jsonOf, unexpected, type Upstream } from '../kit/call/call.ts';
import type { DriverContext } from '../kit/context.ts';
import { decoded } from '../shared/wire.ts';
import type { LinkMetadata } from '../../domain/links.ts';
import { DRIVER_NAME, MISSING, request } from './request.ts';
import type { MetadataOf } from './spotify.ts';
import { splitTitle } from './titles.ts';
import { object, optionalString, string, type LinkKind } from './wire.ts';

const PERMALINK = /^[a-z0-9_-]{1,100}(?:\/(?:sets\/)?[a-z0-9_-]{1,100})?$/i;
const SECRET = /^s-[A-Za-z0-9]{1,64}$/;

interface EmbedKey {
  type: LinkKind;
  path: string;
}

/** `Flickermood by Forss` with uploader `Forss` → `Flickermood`. */
export function withoutUploader(title: string, uploader: string | null): string {
  if (uploader === null) return title.trim();
  const suffix = ` by ${uploader}`;
  return title.endsWith(suffix) && title.length > suffix.length ? title.slice(0, -suffix.length).trim() : title.trim();
}

function fromEmbed(title: string, author: string | null, type: LinkKind): LinkMetadata {
  const base = { durationMs: null, isrc: null, upc: null };
  if (type === 'artist') return { type, title: author ?? title.trim(), artist: null, ...base };
  const bare = withoutUploader(title, author);
  if (type === 'track') return { type, ...splitTitle(bare, author), ...base };
  return { type: 'playlist', title: bare, artist: author, ...base };
}

export function soundcloudMetadata(ctx: DriverContext, up: Upstream, maxAge: number): MetadataOf {
  const oembed = ctx.cached({
    name: `${DRIVER_NAME}:soundcloud-oembed`,
    maxAge,
    run: async (key: EmbedKey, scope): Promise<LinkMetadata | null> => {
      const item = `https://soundcloud.com/${key.path}`;
      const answer = await request(up, `/oembed?url=${encodeURIComponent(item)}&format=json`, {
        scope,
        headers: { accept: 'application/json' },
      });
      if (MISSING.has(answer.status)) return null;
      if (answer.status !== 200) throw unexpected(up, answer);
      return decoded(up.name, jsonOf(up, answer), (body) => {
        const o = object(body, 'oEmbed answer');
        return fromEmbed(string(o, 'title'), optionalString(o, 'author_name'), key.type);
      });
    },
  });
  return async (link, options) => {
    if (link.short || !PERMALINK.test(link.id)) return null;
    const secret = link.hints?.['secretToken'];
    const path = secret !== undefined && SECRET.test(secret) ? `${link.id}/${secret}` : link.id;
    // A set is a playlist or an album: oEmbed cannot tell, so it is answered as a playlist.
    const type: LinkKind = link.type ?? 'playlist';
    return oembed({ type, path }, options);
  };
}
