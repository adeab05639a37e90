/**
 * @module
 * The upstreams of the links source (D11), each mounted under its own prefix so a test can
 * fault one and count its calls:
 * - `spotify`: open.spotify.com: `GET /oembed?url=`, and item pages `GET /<type>/<id>`;
 * - `spotify-api`: api.spotify.com: `GET /v1/tracks/<id>`, `/v1/tracks?ids=`, `/v1/albums/<id>`,
 *   `/v1/albums/<id>/tracks`, `/v1/search`;
 * - `spotify-accounts`: accounts.spotify.com: `POST /api/token` (client credentials);
 * - `itunes`: itunes.apple.com: `GET /lookup?id=&country=[&entity=song]`;
 * - `youtube`: www.youtube.com: `GET /oembed?url=&format=json`, channel pages `GET /channel/<id>`;
 * - `soundcloud`: soundcloud.com: `GET /oembed?url=&format=json`;
 * - `short-links`: every short-link host at once, `GET /<host>/<path>` (what the links source's
 *   `shortLinksUrl` points at), answering redirects with their `Location`.
 *
 * Recorded answers are sent byte-for-byte (Spotify Web API tracks, albums and searches; iTunes
 * Lookup); everything else is record-shaped (`links/render.ts`) from the items of
 * `links/data.ts`. Bodies of "not found" answers and of the injected errors were never
 * recorded: their wording here is assumed. Test hook: `short-links` answers
 * `/<host>/away?to=<url>` with a redirect to `<url>`, so a test can aim a short link at a server
 * of its own and prove it is never reached.
 */
import { linksData, type LinksData, type SpotifyItem } from './data.ts';
import {
  soundcloudOembed,
  spotifyApiObject,
  spotifyNotFoundPage,
  spotifyOembed,
  spotifyPage,
  youtubeChannelPage,
  youtubeOembed,
} from './render.ts';
import {
  json,
  type Answer,
  type Streamed,
  type StreamingUpstream,
  type Upstream,
  type UpstreamRequest,
} from '../contract.ts';

const html = (status: number, body: string, kind: Answer['kind']): Answer => ({
  status,
  contentType: 'text/html; charset=utf-8',
  body,
  kind,
});
const text = (status: number, body: string, kind: Answer['kind']): Answer => ({
  status,
  contentType: 'text/plain; charset=utf-8',
  body,
  kind,
});
const HTML_500 = '<!DOCTYPE html><html><head><title>Error</title></head><body>Something went wrong.</body></html>';

/** The item an open.spotify.com URL names (`/track/<id>`, `/intl-fr/album/<id>`), or undefined. */
function spotifyItemOf(data: LinksData, url: string | null): SpotifyItem | undefined {
  const parsed = url === null ? null : URL.parse(url);
  if (parsed === null || parsed.hostname !== 'open.spotify.com') return undefined;
  const match = /^\/(?:intl-[a-z-]+\/)?(track|album|artist|playlist)\/([0-9A-Za-z]{22})\/?$/.exec(parsed.pathname);
  return match === null ? undefined : data.spotify.get(`${match[1]}:${match[2]}`);
}

export function spotifyUpstream(): Upstream {
  const data = linksData();
  return {
    answer({ method, path, params }) {
      if (method !== 'GET') return json(405, '{"error":"Method Not Allowed"}', 'notfound');
      if (path === '/oembed') {
        if (!params.has('url')) return json(400, '{"error":"Missing url parameter"}', 'notfound');
        const item = spotifyItemOf(data, params.get('url'));
        return item === undefined
          ? json(404, '{"error":"Not Found"}', 'notfound')
          : json(200, spotifyOembed(item), 'ok');
      }
      const item = spotifyItemOf(data, `https://open.spotify.com${path}`);
      return item === undefined ? html(404, spotifyNotFoundPage(), 'notfound') : html(200, spotifyPage(item), 'ok');
    },
    quotaExceeded: () => text(429, 'Too Many Requests', 'quota'),
    error200: () => html(200, HTML_500, 'fault'),
  };
}

const apiError = (status: number, message: string): string => JSON.stringify({ error: { status, message } });

export function spotifyApiUpstream(): Upstream {
  const data = linksData();
  return {
    answer({ method, path, params }) {
      if (method !== 'GET') return json(405, apiError(405, 'Method not allowed'), 'notfound');
      const recorded = data.spotifyRecorded.get(
        `${path}${params.size > 0 ? `?${decodeURIComponent(params.toString()).replace(/&locale=\*?$/, '')}` : ''}`,
      );
      if (recorded !== undefined) return json(200, recorded, 'ok');
      let match: RegExpExecArray | null;
      if ((match = /^\/v1\/(tracks|albums)\/([^/]+)$/.exec(path)) !== null) {
        const id = match[2]!;
        if (!/^[0-9A-Za-z]{22}$/.test(id)) return json(400, apiError(400, 'Invalid base62 id'), 'notfound');
        const item = data.spotify.get(`${match[1] === 'tracks' ? 'track' : 'album'}:${id}`);
        if (item === undefined) return json(404, apiError(404, 'Resource not found'), 'notfound');
        return json(200, item.apiBody ?? spotifyApiObject(item), 'ok');
      }
      if (path === '/v1/tracks') {
        const ids = (params.get('ids') ?? '').split(',').filter((id) => id !== '');
        if (ids.length === 0) return json(400, apiError(400, 'invalid id'), 'notfound');
        const tracks = ids.map((id) => {
          const item = data.spotify.get(`track:${id}`);
          return item === undefined ? null : (JSON.parse(item.apiBody ?? spotifyApiObject(item)) as unknown);
        });
        return json(200, JSON.stringify({ tracks }), 'ok');
      }
      if (path === '/v1/search') {
        // Only the recorded searches find anything; any other answers Spotify's empty page.
        const q = params.get('q') ?? '';
        const href = `https://api.spotify.com/v1/search?offset=0&limit=20&query=${encodeURIComponent(q)}&type=${params.get('type') ?? 'album'}&locale=*`;
        return json(
          200,
          JSON.stringify({ albums: { href, limit: 20, next: null, offset: 0, previous: null, total: 0, items: [] } }),
          'ok',
        );
      }
      return json(404, apiError(404, 'Service not found'), 'notfound');
    },
    quotaExceeded: () => json(429, apiError(429, 'API rate limit exceeded'), 'quota'),
    error200: () => json(200, apiError(500, 'Server error.'), 'fault'),
  };
}

export function spotifyAccountsUpstream(): Upstream {
  let issued = 0;
  return {
    answer({ method, path }) {
      if (path !== '/api/token') return json(404, '{"error":"not_found"}', 'notfound');
      if (method !== 'POST')
        return json(405, '{"error":"method_not_allowed","error_description":"Only POST is allowed"}', 'notfound');
      issued++;
      return json(
        200,
        JSON.stringify({ access_token: `BQ-replay-token-${issued}`, token_type: 'Bearer', expires_in: 3600 }),
        'ok',
      );
    },
    quotaExceeded: () => json(429, '{"error":"too_many_requests"}', 'quota'),
    error200: () => json(200, '{"error":"server_error","error_description":"Internal error"}', 'fault'),
  };
}

/** iTunes answers with three blank lines before its JSON, as `text/javascript`. */
const itunes = (status: number, results: unknown[], kind: Answer['kind']): Answer => ({
  status,
  contentType: 'text/javascript; charset=utf-8',
  body: `\n\n\n${JSON.stringify({ resultCount: results.length, results }, null, 1)}\n\n\n`,
  kind,
});

export function itunesUpstream(): Upstream {
  const data = linksData();
  return {
    answer({ method, path, params }) {
      if (method !== 'GET' || path !== '/lookup') return text(404, 'Not Found', 'notfound');
      const id = params.get('id') ?? '';
      if (!/^\d+$/.test(id))
        return {
          ...itunes(400, [], 'notfound'),
          body: JSON.stringify({ errorMessage: 'Invalid value(s) for key(s): [id]', queryParameters: { id } }),
        };
      const country = (params.get('country') ?? 'us').toLowerCase();
      const songs = params.get('entity') === 'song';
      // Recorded lookups answer in their own storefront only, as Apple's ids resolve per storefront.
      for (const recording of data.itunes.filter((r) => r.country === country)) {
        const collection = recording.results.find(
          (r) => r['wrapperType'] === 'collection' && String(r['collectionId']) === id,
        );
        if (collection !== undefined)
          return songs
            ? { status: 200, contentType: 'text/javascript; charset=utf-8', body: recording.text, kind: 'ok' }
            : itunes(200, [collection], 'ok');
        const track = recording.results.find((r) => r['wrapperType'] === 'track' && String(r['trackId']) === id);
        if (track !== undefined) return itunes(200, [track], 'ok');
      }
      // Record-shaped entries answer in every storefront.
      const shaped = data.itunesShaped;
      const entry = shaped.find(
        (r) =>
          String(
            r[
              r['wrapperType'] === 'track' ? 'trackId' : r['wrapperType'] === 'collection' ? 'collectionId' : 'artistId'
            ],
          ) === id,
      );
      if (entry === undefined) return itunes(200, [], 'notfound');
      if (entry['wrapperType'] === 'collection' && songs)
        return itunes(
          200,
          [entry, ...shaped.filter((r) => r['wrapperType'] === 'track' && String(r['collectionId']) === id)],
          'ok',
        );
      return itunes(200, [entry], 'ok');
    },
    quotaExceeded: () => text(403, '<html><body>Forbidden</body></html>', 'quota'),
    error200: () => html(200, HTML_500, 'fault'),
  };
}

/** The video or list a YouTube URL names, from the `url` parameter of oEmbed. */
function youtubeTarget(url: string | null): { id?: string; list?: string } | undefined {
  const parsed = url === null ? null : URL.parse(url);
  if (parsed === null || !/^(?:www\.|m\.|music\.)?youtube\.com$|^youtu\.be$/.test(parsed.hostname)) return undefined;
  if (parsed.hostname === 'youtu.be') return { id: parsed.pathname.slice(1) };
  if (parsed.pathname === '/watch') return { id: parsed.searchParams.get('v') ?? '' };
  if (parsed.pathname === '/playlist') return { list: parsed.searchParams.get('list') ?? '' };
  return undefined;
}

export function youtubeUpstream(): Upstream {
  const data = linksData();
  return {
    answer({ method, path, params }) {
      if (method !== 'GET') return text(405, 'Method Not Allowed', 'notfound');
      if (path === '/oembed') {
        const target = youtubeTarget(params.get('url'));
        if (target === undefined) return text(400, 'Bad Request', 'notfound');
        const item = data.youtube.find((y) =>
          target.id !== undefined ? y.id === target.id : y.list !== undefined && y.list === target.list,
        );
        if (item === undefined) return text(404, 'Not Found', 'notfound');
        if (item.status !== undefined)
          return text(item.status, item.status === 401 ? 'Unauthorized' : 'Forbidden', 'notfound');
        return json(200, youtubeOembed(item), 'ok');
      }
      const channel = /^\/channel\/([A-Za-z0-9_-]+)$/.exec(path);
      const found = channel === null ? undefined : data.youtubeChannels.find((c) => c.id === channel[1]);
      if (found !== undefined) return html(200, youtubeChannelPage(found.id, found.ogTitle), 'ok');
      return html(
        404,
        '<!DOCTYPE html><html><head><title>404 Not Found</title></head><body></body></html>',
        'notfound',
      );
    },
    quotaExceeded: () => text(429, 'Too Many Requests', 'quota'),
    error200: () => html(200, HTML_500, 'fault'),
  };
}

export function soundcloudUpstream(): Upstream {
  const data = linksData();
  return {
    answer({ method, path, params }) {
      if (method !== 'GET' || path !== '/oembed')
        return html(404, '<!DOCTYPE html><html><head><title>SoundCloud</title></head><body></body></html>', 'notfound');
      const url = URL.parse(params.get('url') ?? '');
      if (url === null || !/^(?:www\.|m\.)?soundcloud\.com$/.test(url.hostname))
        return json(400, '{"errors":[{"error_message":"400 - Bad Request"}]}', 'notfound');
      const item = data.soundcloud.get(url.pathname.replace(/^\/+|\/+$/g, '').toLowerCase());
      return item === undefined
        ? json(404, '{"errors":[{"error_message":"404 - Not Found"}]}', 'notfound')
        : json(200, soundcloudOembed(item), 'ok');
    },
    quotaExceeded: () => json(429, '{"errors":[{"error_message":"429 - Too Many Requests"}]}', 'quota'),
    error200: () => html(200, HTML_500, 'fault'),
  };
}

/** A redirect: headers only, as the short-link hosts send it. */
function redirect(status: number, location: string | null): Streamed {
  return {
    status,
    headers: {
      ...(location === null ? {} : { location }),
      'content-length': '0',
      'cache-control': 'private, max-age=0',
    },
    kind: 'ok',
    open: (_write, end) => {
      end();
      return () => {};
    },
  };
}

export function shortLinksUpstream(): StreamingUpstream {
  const data = linksData();
  const find = ({ path }: UpstreamRequest) => data.shortLinks.get(path.replace(/^\/+/, ''));
  return {
    stream(request) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
      if (/^\/[a-z.]+\/away$/.test(request.path)) {
        const to = request.params.get('to');
        return to === null ? undefined : redirect(302, to);
      }
      const link = find(request);
      return link === undefined || link.status < 300 || link.status >= 400
        ? undefined
        : redirect(link.status, link.location);
    },
    answer(request) {
      const link = find(request);
      if (link !== undefined && link.status === 200)
        return html(
          200,
          '<!DOCTYPE html><html><head><title>Open in the app</title></head><body>Open this link in the app.</body></html>',
          'ok',
        );
      return html(
        404,
        '<!DOCTYPE html><html><head><title>404</title></head><body>Link not found</body></html>',
        'notfound',
      );
    },
    quotaExceeded: () => text(429, 'Too Many Requests', 'quota'),
    error200: () => html(200, HTML_500, 'fault'),
  };
}
