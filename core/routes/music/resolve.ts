/**
 * @module
 * D11: `GET /resolve?url=`: a pasted link from one of five platforms → the
 * service's own item, `{ type, source, originalUrl, data }`, `data` in the shape of
 * `/track/info`, `/album/info`, `/artist/info` or `/playlist/info`. Cached 24 h keyed on the
 * source, type and id the link names, so two spellings of one link share an entry; that is
 * why `originalUrl` is the link as its platform writes it (canonical), not one caller's spelling.
 */
import * as v from 'valibot';
import { defineEndpoint } from '../../http/endpoint.ts';
import { LINK_SOURCES, MAX_LINK_LENGTH, parseLink } from '../../links/parse.ts';
import { requiredText } from '../../schemas/params.ts';
import { fullAlbum } from '../../shape/music/album.ts';
import { fullArtist } from '../../shape/music/artist.ts';
import { infoTrack } from '../../shape/music/full-track.ts';
import { playlistInfo } from '../../shape/music/playlist.ts';
import { albumInfoTracks } from '../../services/music/album.ts';
import { artistInfoLists } from '../../services/music/artist.ts';
import { playlistWithTracks } from '../../services/music/playlist-info.ts';
import { resolveLink } from '../../services/resolve/resolve.ts';
import { trackDetails } from '../../services/music/track.ts';
import { resolveSchema } from '../../schemas/responses/index.ts';

const resolveParams = v.object({
  url: requiredText('url', MAX_LINK_LENGTH, {
    // A URI reference, not a URI: a link pasted without its scheme (`open.spotify.com/…`) is read too.
    format: 'uri-reference',
  }),
});

/** The platforms `parseLink` reads and their hosts, as the description states them (the refusal lists the same). */
const PLATFORMS = LINK_SOURCES.map((s) => s.name);
const HOSTS = LINK_SOURCES.flatMap((s) => [...s.hosts, ...s.variants]).map((h) => `\`${h}\``);
const SUPPORTED = `\`url\` is a link of ${PLATFORMS.slice(0, -1).join(', ')} or ${PLATFORMS.at(-1)} naming a track, album, artist or playlist, on one of their hosts (${HOSTS.join(', ')}), or a \`spotify:\` URI; a link of any other platform or host, or naming no item, is 400 \`bad_request\` naming \`url\``;

export const resolve = defineEndpoint({
  path: '/resolve',
  summary:
    "A pasted Spotify, Apple Music, YouTube, SoundCloud or Deezer link, as this service's own track, album, artist or playlist.",
  since: '2.1.0',
  rateLimit: 60,
  cache: 24 * 60 * 60,
  params: resolveParams,
  rules: [SUPPORTED],
  example: { url: 'https://www.deezer.com/track/100006189' },
  response: resolveSchema,
  cacheKey: ({ url }) => {
    try {
      const link = parseLink(url);
      return `${link.source} ${link.type ?? '-'} ${link.id}`;
    } catch {
      // Refused links are answered before the cache is asked; the key only has to exist.
      return url;
    }
  },
  async handle({ params, deps, scope, base, degraded }) {
    const { source, canonicalUrl, item } = await resolveLink(deps.drivers, params.url, scope);
    const music = deps.drivers.music;
    const head = { source, originalUrl: canonicalUrl };
    switch (item.type) {
      case 'track':
        return {
          type: 'track',
          ...head,
          data: infoTrack(await trackDetails(deps.drivers, item.track, { scope, degraded }), base),
        };
      case 'album':
        return {
          type: 'album',
          ...head,
          data: fullAlbum(item.album, await albumInfoTracks(music, item.album, scope), base),
        };
      case 'artist': {
        const { top, related } = await artistInfoLists(music, item.artist.id, scope);
        return { type: 'artist', ...head, data: fullArtist(item.artist, top, related, base) };
      }
      case 'playlist': {
        const { playlist, tracks } = await playlistWithTracks(music, item.playlist.id, scope);
        return { type: 'playlist', ...head, data: playlistInfo(playlist, tracks, base) };
      }
    }
  },
});
