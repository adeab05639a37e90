/**
 * @module
 * The AzuraCast upstream of the replay (`test/fixtures/azuracast/PROVENANCE.md` says what each
 * body is):
 *
 * - `GET /api/nowplaying/<id or shortcode>`: the two stations recorded from a 0.9 install in
 *   2019, byte-for-byte (`1` / `kenh%201`, `2` / `kenh_2`), and `azuratest_radio` (id 1 in
 *   its own install, so reachable here by shortcode only), the current shape built from the
 *   SYNTHETIC OpenAPI example with its timestamps shifted so its song is playing now: it
 *   started 25 s (the example's `elapsed`) before the replay did and loops on its 180-s
 *   duration; `elapsed`/`remaining` are recomputed when served, as AzuraCast does. Unknown
 *   station: 404 with AzuraCast's JSON error body. `GET /api/nowplaying`: every station.
 * - `GET /api/live/nowplaying/sse?cf_connect={"subs":{"station:<shortcode>":{...}}}`: the
 *   Centrifugo live feed of 0.17+ installs, for `azuratest_radio` (and unknown channels,
 *   which connect and never publish): the connect message carries the current state as the
 *   channel's one publication, each change follows as `{"channel","pub"}`, a `{}` ping every
 *   25 s. The 2019 stations come from a 0.9 install, which had no live feed: subscribing to
 *   one answers 404, so a driver falls back to polling.
 * - Test hooks, under the same prefix: `POST /__replay/advance?station=<id or shortcode>`
 *   starts the next song now (the queued one, or the current one again): the old one heads
 *   the history, every feed subscriber of the station is sent the new state; answers
 *   `{"station","sh_id","pushed"}`. `GET /__replay/streams` answers `{"open", "channels"}`,
 *   the feed connections open now. `POST /__replay/live?station=<id or shortcode>&streamer=<name>`
 *   puts a streamer on air (`live.is_live`, `streamer_name`, `broadcast_start` now, as the
 *   `live` block of AzuraCast PR #2937 shows it; modelled, not recorded), or takes them off
 *   without `streamer` (polled bodies change; feed subscribers are not pushed). All three are logged in `Replay.calls` like any request, and
 *   injected faults apply to them too.
 */
import { readFileSync } from 'node:fs';
import { json, type Answer, type Streamed, type StreamingUpstream } from '../contract.ts';

const FIXTURES_DIR = new URL('../../test/fixtures/azuracast/', import.meta.url);
const fixture = (file: string): string => readFileSync(new URL(file, FIXTURES_DIR), 'utf8');

/** Modelled on AzuraCast's `NotFoundException` answer; not recorded. */
const NOT_FOUND =
  '{"code":404,"type":"NotFoundException","message":"Station not found.","formatted_message":"<b>Station not found.<\\/b>","extra_data":[],"success":false}';
const PAGE_NOT_FOUND =
  '{"code":404,"type":"NotFoundException","message":"Page not found.","formatted_message":"<b>Page not found.<\\/b>","extra_data":[],"success":false}';
const RATE_LIMITED =
  '{"code":429,"type":"RateLimitExceededException","message":"You have exceeded the rate limit for this application.","extra_data":[],"success":false}';
const ERROR_200 = '{"code":500,"type":"Exception","message":"An error occurred.","extra_data":[],"success":false}';
const SSE_PATH: string = '/api/live/nowplaying/sse';
const PING_MS = 25_000;

type Json = Record<string, unknown>;

interface StationState {
  id: number;
  shortcode: string;
  /** `0.9` stations have no live feed. */
  era: '0.9' | 'current';
  /** The recorded text, served verbatim until the station is advanced. */
  recorded: string | undefined;
  body: Json;
  /** Unix seconds the current song's loop is counted from. */
  anchor: number;
  /** The channel's publication offset, as Centrifugo counts. */
  offset: number;
}

interface Subscriber {
  channels: string[];
  write(text: string): void;
}

const seconds = (): number => Math.floor(Date.now() / 1000);
const record = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

function stations(): StationState[] {
  const start = seconds();
  const recorded = (file: string): StationState => {
    const text = fixture(file);
    const body = JSON.parse(text) as Json;
    const station = record(body.station);
    return {
      id: num(station.id),
      shortcode: String(station.shortcode),
      era: '0.9',
      recorded: text,
      body,
      anchor: num(record(body.now_playing).played_at),
      offset: 1,
    };
  };
  const synthetic = JSON.parse(fixture('SYNTHETIC-openapi-example__nowplaying-station.json')) as Json;
  return [
    recorded('real-2019-v0.9__nowplaying-1__kenh-1.json'),
    recorded('real-2019-v0.9__nowplaying-2__kenh-2-idle-stream-offline-history.json'),
    // Its id (1) clashes with the 2019 install's first station: by shortcode only.
    {
      id: -1,
      shortcode: String(record(synthetic.station).shortcode),
      era: 'current',
      recorded: undefined,
      body: synthetic,
      anchor: start - num(record(synthetic.now_playing).elapsed),
      offset: 1,
    },
  ];
}

/** The station's state at `now` (Unix s): shifted so the current song's loop covers now. */
function served(station: StationState, now: number): Json {
  const body = structuredClone(station.body);
  const current = record(body.now_playing);
  const duration = num(current.duration);
  const start =
    duration > 0 ? station.anchor + Math.floor((now - station.anchor) / duration) * duration : station.anchor;
  const delta = start - num(current.played_at);
  const shift = (entry: Json, field: string) => {
    if (typeof entry[field] === 'number') entry[field] = (entry[field] as number) + delta;
  };
  shift(current, 'played_at');
  if (body.playing_next !== null && typeof body.playing_next === 'object') {
    shift(record(body.playing_next), 'cued_at');
    shift(record(body.playing_next), 'played_at');
  }
  for (const entry of Array.isArray(body.song_history) ? body.song_history : []) shift(record(entry), 'played_at');
  const elapsed = Math.max(now - start, 0);
  if ('elapsed' in current) current.elapsed = duration > 0 ? Math.min(elapsed, duration) : elapsed;
  if ('remaining' in current) current.remaining = Math.max(duration - elapsed, 0);
  return body;
}

const textOf = (station: StationState, now: number): string => station.recorded ?? JSON.stringify(served(station, now));

/** The next song starts now; the old one heads the history (as long as it was). Modelled, not recorded. */
function advance(station: StationState, now: number): void {
  const body = served(station, now);
  const old = record(body.now_playing);
  const next = body.playing_next !== null && typeof body.playing_next === 'object' ? record(body.playing_next) : old;
  const history = (Array.isArray(body.song_history) ? body.song_history : []).map(record);
  const shId = Math.max(num(old.sh_id), ...history.map((h) => num(h.sh_id))) + 1;
  const duration = num(next.duration);
  const { elapsed: _elapsed, remaining: _remaining, ...finished } = old;
  body.now_playing = {
    ...old,
    sh_id: shId,
    played_at: now,
    duration,
    playlist: next.playlist,
    is_request: next.is_request,
    song: next.song,
    elapsed: 0,
    remaining: duration,
  };
  body.song_history = [finished, ...history].slice(0, Math.max(history.length, 1));
  if (next !== old) Object.assign(next, { cued_at: now, played_at: now + duration });
  station.body = body;
  station.recorded = undefined;
  station.anchor = now;
  station.offset++;
}

/** `cf_connect`'s channels, or undefined when it is missing or not Centrifugo's JSON. */
function channelsOf(params: URLSearchParams): string[] | undefined {
  const raw = params.get('cf_connect');
  if (raw === null) return undefined;
  try {
    const subs = (JSON.parse(raw) as { subs?: unknown }).subs;
    if (typeof subs !== 'object' || subs === null || Array.isArray(subs)) return undefined;
    return Object.keys(subs);
  } catch {
    return undefined;
  }
}

export function azuracastUpstream(): StreamingUpstream {
  const all = stations();
  const subscribers = new Set<Subscriber>();
  const find = (name: string): StationState | undefined =>
    all.find((s) => s.shortcode === name || (s.id >= 0 && String(s.id) === name));
  const byChannel = (channel: string): StationState | undefined =>
    all.find((s) => `station:${s.shortcode}` === channel);
  const decoded = (segment: string): string => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  };
  const publication = (station: StationState, now: number) => ({
    data: { np: served(station, now), triggers: [], current_time: now },
    offset: station.offset,
  });

  return {
    answer({ method, path, params }): Answer {
      let match: RegExpExecArray | null;
      if (method === 'POST' && (match = /^\/__replay\/advance$/.exec(path)) !== null) {
        const station = find(params.get('station') ?? '');
        if (station === undefined) return json(404, NOT_FOUND, 'notfound');
        const now = seconds();
        advance(station, now);
        const message = `data: ${JSON.stringify({ channel: `station:${station.shortcode}`, pub: publication(station, now) })}\n\n`;
        let pushed = 0;
        for (const subscriber of subscribers) {
          if (!subscriber.channels.includes(`station:${station.shortcode}`)) continue;
          subscriber.write(message);
          pushed++;
        }
        return json(
          200,
          JSON.stringify({ station: station.shortcode, sh_id: record(station.body.now_playing).sh_id, pushed }),
          'ok',
        );
      }
      if (method === 'POST' && path === '/__replay/live') {
        // A streamer connects (`streamer=<name>`) or leaves (none): the `live` block as PR #2937's example shows it.
        const station = find(params.get('station') ?? '');
        if (station === undefined) return json(404, NOT_FOUND, 'notfound');
        const streamer = params.get('streamer') ?? '';
        station.body = {
          ...served(station, seconds()),
          live: {
            is_live: streamer !== '',
            streamer_name: streamer,
            broadcast_start: streamer === '' ? null : seconds(),
            art: null,
          },
        };
        station.recorded = undefined;
        return json(200, JSON.stringify({ station: station.shortcode, live: station.body.live }), 'ok');
      }
      if (method === 'GET' && path === '/__replay/streams') {
        const channels: Record<string, number> = {};
        for (const s of subscribers) for (const c of s.channels) channels[c] = (channels[c] ?? 0) + 1;
        return json(200, JSON.stringify({ open: subscribers.size, channels }), 'ok');
      }
      if (method !== 'GET') return json(404, PAGE_NOT_FOUND, 'notfound');
      const now = seconds();
      if (path === '/api/nowplaying') return json(200, `[${all.map((s) => textOf(s, now)).join(',')}]`, 'ok');
      if ((match = /^\/api\/nowplaying\/([^/]+)$/.exec(path)) !== null) {
        const station = find(decoded(match[1] ?? ''));
        return station === undefined ? json(404, NOT_FOUND, 'notfound') : json(200, textOf(station, now), 'ok');
      }
      if (path === SSE_PATH) {
        // Only here when `stream()` declined: a bad subscription, or a 0.9 station (no feed then).
        if (channelsOf(params) === undefined)
          return json(400, '{"error":{"code":107,"message":"bad request"}}', 'fault');
        return json(404, PAGE_NOT_FOUND, 'notfound');
      }
      return json(404, PAGE_NOT_FOUND, 'notfound');
    },

    stream({ method, path, params }): Streamed | undefined {
      if (method !== 'GET' || path !== SSE_PATH) return undefined;
      const channels = channelsOf(params);
      if (channels === undefined || channels.some((c) => byChannel(c)?.era === '0.9')) return undefined;
      return {
        status: 200,
        headers: {
          'content-type': 'text/event-stream',
          'cache-control': 'private, no-cache, no-store, must-revalidate, max-age=0',
          'x-accel-buffering': 'no',
        },
        kind: 'ok',
        open(write) {
          const now = seconds();
          const subs: Record<string, unknown> = {};
          for (const channel of channels) {
            const station = byChannel(channel);
            subs[channel] =
              station === undefined
                ? { recoverable: true, epoch: 'replay', positioned: true, recovered: true, was_recovering: true }
                : {
                    recoverable: true,
                    epoch: 'replay',
                    offset: station.offset,
                    positioned: true,
                    publications: [publication(station, now)],
                    recovered: true,
                    was_recovering: true,
                  };
          }
          write(
            `data: ${JSON.stringify({ connect: { client: 'replay', version: 'replay', subs, ping: PING_MS / 1000, session: 'replay', time: Date.now() } })}\n\n`,
          );
          const subscriber: Subscriber = { channels, write };
          subscribers.add(subscriber);
          const ping = setInterval(() => write('data: {}\n\n'), PING_MS);
          return () => {
            clearInterval(ping);
            subscribers.delete(subscriber);
          };
        },
      };
    },

    quotaExceeded: () => json(429, RATE_LIMITED, 'quota'),
    error200: () => json(200, ERROR_200, 'fault'),
  };
}
