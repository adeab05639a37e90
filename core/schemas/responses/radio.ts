/**
 * @module
 * The `/nowplaying` body and the socket's message (D12), their schemas and
 * types (inferred, never restated). The objects are AzuraCast's own, field for field.
 */
import * as v from 'valibot';
import { count, int } from './common.ts';

const listeners = v.strictObject({ total: count, unique: count, current: count });
export type NowPlayingListeners = v.InferOutput<typeof listeners>;

const song = v.strictObject({
  id: v.string(),
  art: v.string(),
  custom_fields: v.array(v.unknown()),
  text: v.string(),
  artist: v.string(),
  title: v.string(),
  album: v.string(),
  genre: v.string(),
  isrc: v.string(),
  lyrics: v.string(),
});
export type NowPlayingSong = v.InferOutput<typeof song>;

const mount = v.strictObject({
  id: int,
  name: v.string(),
  url: v.string(),
  bitrate: int,
  format: v.string(),
  listeners,
  path: v.string(),
  is_default: v.boolean(),
});
export type NowPlayingMount = v.InferOutput<typeof mount>;

const station = v.strictObject({
  id: int,
  name: v.string(),
  shortcode: v.string(),
  description: v.string(),
  frontend: v.string(),
  backend: v.string(),
  timezone: v.string(),
  listen_url: v.string(),
  url: v.string(),
  public_player_url: v.string(),
  playlist_pls_url: v.string(),
  playlist_m3u_url: v.string(),
  is_public: v.boolean(),
  requests_enabled: v.boolean(),
  mounts: v.array(mount),
  remotes: v.array(v.unknown()),
  hls_enabled: v.boolean(),
  hls_is_default: v.boolean(),
  hls_url: v.nullable(v.string()),
  hls_listeners: count,
});
export type NowPlayingStation = v.InferOutput<typeof station>;

const historyEntries = {
  sh_id: int,
  /** Unix seconds. */
  played_at: int,
  /** Seconds. */
  duration: v.number(),
  playlist: v.string(),
  streamer: v.string(),
  is_request: v.boolean(),
  song,
};
const history = v.strictObject(historyEntries);
export type NowPlayingHistoryEntry = v.InferOutput<typeof history>;
const next = v.strictObject({
  cued_at: int,
  played_at: int,
  duration: v.number(),
  playlist: v.string(),
  is_request: v.boolean(),
  song,
});
export type NowPlayingNext = v.InferOutput<typeof next>;
/** `elapsed` and `remaining` are recomputed from `played_at` at request time. */
const current = v.strictObject({ ...historyEntries, elapsed: count, remaining: count });

/** `/nowplaying`'s `live`, and the `/live` body: whether a streamer (a DJ) is on air, who, since when (Unix seconds). */
export const liveSchema = v.strictObject({
  is_live: v.boolean(),
  streamer_name: v.string(),
  broadcast_start: v.nullable(v.number()),
  art: v.nullable(v.string()),
});
export type LiveBody = v.InferOutput<typeof liveSchema>;

export const nowPlayingSchema = v.strictObject({
  station,
  listeners,
  live: liveSchema,
  now_playing: current,
  playing_next: v.nullable(next),
  song_history: v.array(history),
  is_online: v.boolean(),
  cache: v.null(),
});
export type NowPlayingBody = v.InferOutput<typeof nowPlayingSchema>;

/** What the socket and the event stream send. */
export const nowPlayingMessageSchema = v.strictObject({
  type: v.literal('nowplaying'),
  data: nowPlayingSchema,
});
