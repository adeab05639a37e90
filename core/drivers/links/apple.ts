/**
 * @module
 * Apple Music link metadata from the iTunes Lookup API (`GET <itunes>/lookup?id=<id>&country=<storefront>`,
 * keyless, documented by Apple): a song by its id (`entity=song`), an album by its collection id,
 * an artist by its artist id, in the storefront the link names (else `us`), since ids resolve per
 * storefront. The answer's entry whose own id is the one asked is read: `trackName`,
 * `artistName`, `trackTimeMillis` for a song (a music video alike), `collectionName` for an album
 * (Apple's ` - Single` and ` - EP` suffixes dropped: they label the release, not its title),
 * `artistName` for an artist. No ISRC or UPC: the Lookup API has neither. Playlists (`pl.…`)
 * have no keyless endpoint: null without a request.
 */
import { jsonOf, unexpected, type Upstream } from '../kit/call/call.ts';
import type { DriverContext } from '../kit/context.ts';
import { decoded, WireError } from '../shared/wire.ts';
import type { LinkMetadata } from '../../domain/links.ts';
import { DRIVER_NAME, MISSING, request } from './request.ts';
import type { MetadataOf } from './spotify.ts';
import { object, optionalString, type LinkKind } from './wire.ts';

const NUMERIC = /^\d{1,15}$/;
const STOREFRONT = /^[a-z]{2}$/;
const DEFAULT_STOREFRONT = 'us';

interface LookupKey {
  type: Exclude<LinkKind, 'playlist'>;
  id: string;
  country: string;
}

/** Apple's labels of a release kind at the end of a collection name. */
export function withoutReleaseKind(name: string): string {
  return name.replace(/\s+-\s+(?:Single|EP)$/i, '').trim() || name;
}

/** The entry of a Lookup answer that is the item asked for, as metadata; null when absent. */
export function lookupEntry(body: unknown, key: LookupKey): LinkMetadata | null {
  const results = object(body, 'lookup answer')['results'];
  if (!Array.isArray(results)) throw new WireError('results is not a list');
  const wanted =
    key.type === 'track'
      ? ['track', 'trackId']
      : key.type === 'album'
        ? ['collection', 'collectionId']
        : ['artist', 'artistId'];
  for (const result of results) {
    const entry = object(result, 'result');
    if (entry['wrapperType'] !== wanted[0] || String(entry[wanted[1]!]) !== key.id) continue;
    const artist = optionalString(entry, 'artistName');
    if (key.type === 'track') {
      const title = optionalString(entry, 'trackName');
      const millis = entry['trackTimeMillis'];
      if (title === null) return null;
      return {
        type: 'track',
        title,
        artist,
        durationMs: typeof millis === 'number' && millis > 0 ? millis : null,
        isrc: null,
        upc: null,
      };
    }
    if (key.type === 'album') {
      const title = optionalString(entry, 'collectionName');
      return title === null
        ? null
        : { type: 'album', title: withoutReleaseKind(title), artist, durationMs: null, isrc: null, upc: null };
    }
    return artist === null
      ? null
      : { type: 'artist', title: artist, artist: null, durationMs: null, isrc: null, upc: null };
  }
  return null;
}

export function appleMetadata(ctx: DriverContext, up: Upstream, maxAge: number): MetadataOf {
  const lookup = ctx.cached({
    name: `${DRIVER_NAME}:itunes`,
    maxAge,
    run: async (key: LookupKey, scope): Promise<LinkMetadata | null> => {
      const entity = key.type === 'track' ? '&entity=song' : '';
      const answer = await request(up, `/lookup?id=${key.id}${entity}&country=${key.country}`, {
        scope,
        headers: { accept: 'application/json, text/javascript' },
      });
      if (MISSING.has(answer.status)) return null;
      if (answer.status !== 200) throw unexpected(up, answer);
      return decoded(up.name, jsonOf(up, answer), (body) => lookupEntry(body, key));
    },
  });
  return async (link, options) => {
    if (link.short || link.type === null || link.type === 'playlist' || !NUMERIC.test(link.id)) return null;
    const hinted = link.hints?.['country']?.toLowerCase();
    const country = hinted !== undefined && STOREFRONT.test(hinted) ? hinted : DEFAULT_STOREFRONT;
    return lookup({ type: link.type, id: link.id, country }, options);
  };
}
