/** @module Spec §2.7 and §4.19: the `/nowplaying` body and the socket's message (D12). */
import * as v from 'valibot';
import type { NowPlayingBody } from '../../shape/radio.ts';
import type { Listeners, NextSong, Song, SongHistoryEntry, Station } from '../../sources/types.ts';
import { count, int } from './common.ts';

const listeners: v.GenericSchema<Listeners> = v.strictObject({ total: count, unique: count, current: count });

const song: v.GenericSchema<Song> = v.strictObject({
  id: v.string(), art: v.string(), custom_fields: v.array(v.unknown()), text: v.string(), artist: v.string(),
  title: v.string(), album: v.string(), genre: v.string(), isrc: v.string(), lyrics: v.string(),
});

const station: v.GenericSchema<Station> = v.strictObject({
  id: int, name: v.string(), shortcode: v.string(), description: v.string(), frontend: v.string(), backend: v.string(),
  timezone: v.string(), listen_url: v.string(), url: v.string(), public_player_url: v.string(),
  playlist_pls_url: v.string(), playlist_m3u_url: v.string(), is_public: v.boolean(), requests_enabled: v.boolean(),
  mounts: v.array(v.strictObject({
    id: int, name: v.string(), url: v.string(), bitrate: int, format: v.string(), listeners, path: v.string(), is_default: v.boolean(),
  })),
  remotes: v.array(v.unknown()), hls_enabled: v.boolean(), hls_is_default: v.boolean(), hls_url: v.nullable(v.string()),
  hls_listeners: count,
});

const historyEntries = {
  sh_id: int, played_at: int, duration: v.number(), playlist: v.string(), streamer: v.string(), is_request: v.boolean(), song,
};
const history: v.GenericSchema<SongHistoryEntry> = v.strictObject(historyEntries);
const next: v.GenericSchema<NextSong> = v.strictObject({
  cued_at: int, played_at: int, duration: v.number(), playlist: v.string(), is_request: v.boolean(), song,
});

export const nowPlayingSchema: v.GenericSchema<NowPlayingBody> = v.strictObject({
  station, listeners,
  live: v.strictObject({ is_live: v.boolean(), streamer_name: v.string(), broadcast_start: v.nullable(v.number()), art: v.nullable(v.string()) }),
  now_playing: v.strictObject({ ...historyEntries, elapsed: count, remaining: count }),
  playing_next: v.nullable(next), song_history: v.array(history), is_online: v.boolean(), cache: v.null(),
});

/** D12: what the socket and the event stream send. */
export const nowPlayingMessageSchema: v.GenericSchema<{ type: 'nowplaying'; data: NowPlayingBody }> = v.strictObject({
  type: v.literal('nowplaying'), data: nowPlayingSchema,
});
