/**
 * @module
 * The simulated radio station of demo mode, shaped as AzuraCast answers: now
 * playing, next, history most recent first, listeners that follow the time of day, a live DJ
 * some evenings, and two mounts. A pure function of the seed and `now`, so tests and restarts
 * see the same programme.
 */
import type { Listeners, Mount, NowPlaying, Song, SongHistoryEntry, Station } from '../../../domain/radio.ts';
import type { CallOptions } from '../../contracts/driver.ts';
import type { RadioDriver } from '../../contracts/radio.ts';
import { hash32 } from '../../../utils/random.ts';
import type { LoadedCatalog } from '../loaded.ts';
import type { Slot } from './schedule.ts';

/** The programme, with the DJs' name lists: imported with the first `nowPlaying`, not with Sleeve. */
type Schedule = typeof import('./schedule.ts');

const BASE = 'https://radio.sleeve-demo.invalid';
const HISTORY = 5;

export interface StationOptions {
  shortcode: string;
  catalog: (options?: CallOptions) => Promise<LoadedCatalog>;
  probe: RadioDriver['probe'];
}

const hex = (text: string): string =>
  [1, 2, 3, 4].map((n) => hash32(`${n}:${text}`).toString(16).padStart(8, '0')).join('');

function song(catalog: LoadedCatalog, slot: Slot): Song {
  const t = slot.track;
  const artist = t ? catalog.store.artists.get(t.artistId) : undefined;
  const names = t
    ? [artist?.name ?? '', ...t.featured.map((id) => catalog.store.artists.get(id)?.name ?? '')].filter((n) => n !== '')
    : [];
  const a = t ? names.join(', ') : 'Sleeve Radio';
  const title = t ? t.title : 'Station ID';
  return {
    id: hex(`${a} - ${title}`),
    // Relative: the service's own images draw the demo art; an embedder can prefix its
    // origin. A station ID is no record: it wears the catalogue's own picture (genre 0, All).
    art: t ? `/cover?artist=${encodeURIComponent(a)}&title=${encodeURIComponent(title)}` : '/media/images/genre/0.svg',
    custom_fields: [],
    text: `${a} - ${title}`,
    artist: a,
    title,
    album: t ? (catalog.store.albums.get(t.albumId)?.title ?? '') : '',
    genre: artist?.genres[0] ?? '',
    isrc: t?.isrc ?? '',
    lyrics: '',
  };
}

/** Listeners peak in the afternoon and bottom out before dawn, with 5-minute jitter; a live show draws more. */
function listenersAt(seed: string, second: number, live: boolean): Listeners {
  const hourOfDay = (second % 86_400) / 3600;
  const curve = 40 + 160 * (0.5 - 0.5 * Math.cos((2 * Math.PI * (hourOfDay - 4)) / 24));
  const jitter = 0.9 + (hash32(`${seed}/listeners/${Math.floor(second / 300)}`) % 1000) / 5000;
  const current = Math.round(curve * jitter * (live ? 1.4 : 1));
  return { total: current, unique: Math.round(current * 0.86), current };
}

function mounts(shortcode: string, l: Listeners): Mount[] {
  const mp3 = Math.round(l.current * 0.7),
    uniqueMp3 = Math.round(l.unique * 0.7);
  const mount = (id: number, format: string, bitrate: number, current: number, unique: number): Mount => ({
    id,
    name: `${format.toUpperCase()} ${bitrate}kbps`,
    url: `${BASE}/listen/${shortcode}/radio.${format}`,
    bitrate,
    format,
    listeners: { total: current, unique, current },
    path: `/radio.${format}`,
    is_default: id === 1,
  });
  return [mount(1, 'mp3', 128, mp3, uniqueMp3), mount(2, 'aac', 64, l.current - mp3, l.unique - uniqueMp3)];
}

function station(shortcode: string, l: Listeners): Station {
  return {
    id: 1,
    name: 'Sleeve Radio',
    shortcode,
    description:
      'A simulated station playing the generated demo catalogue around the clock (generated data, not a real broadcast).',
    frontend: 'icecast',
    backend: 'liquidsoap',
    timezone: 'UTC',
    listen_url: `${BASE}/listen/${shortcode}/radio.mp3`,
    url: BASE,
    public_player_url: `${BASE}/public/${shortcode}`,
    playlist_pls_url: `${BASE}/public/${shortcode}/playlist.pls`,
    playlist_m3u_url: `${BASE}/public/${shortcode}/playlist.m3u`,
    is_public: true,
    requests_enabled: false,
    mounts: mounts(shortcode, l),
    remotes: [],
    hls_enabled: false,
    hls_is_default: false,
    hls_url: null,
    hls_listeners: 0,
  };
}

export function createStation(options: StationOptions): RadioDriver {
  const { shortcode } = options;
  let schedule: Promise<Schedule> | undefined;
  const entry = ({ liveShow }: Schedule, catalog: LoadedCatalog, slot: Slot): SongHistoryEntry => {
    const show = liveShow(catalog.seed, Math.floor(slot.start / 3600));
    return {
      sh_id: slot.shId,
      played_at: slot.start,
      duration: slot.duration,
      playlist: show ? '' : slot.playlist,
      streamer: show?.streamer ?? '',
      is_request: false,
      song: song(catalog, slot),
    };
  };
  return {
    name: 'station',
    defaultStation: shortcode,
    probe: options.probe,
    // Its listen URLs are `.invalid`: nothing is broadcast (`/listen.mp3` says so).
    simulated: true,
    async nowPlaying(name, call): Promise<NowPlaying | null> {
      const [catalog, programme] = await Promise.all([options.catalog(call), (schedule ??= import('./schedule.ts'))]);
      if (name !== shortcode) return null;
      const { liveShow, slotsAround } = programme;
      const { seed } = catalog;
      const second = Math.floor(call.now / 1000);
      const { current, history, next } = slotsAround(catalog, seed, second, HISTORY);
      const show = liveShow(seed, Math.floor(second / 3600));
      const listeners = listenersAt(seed, second, show !== null);
      const upcoming = entry(programme, catalog, next);
      return {
        station: station(shortcode, listeners),
        listeners,
        live: {
          is_live: show !== null,
          streamer_name: show?.streamer ?? '',
          broadcast_start: show?.start ?? null,
          art: null,
        },
        now_playing: entry(programme, catalog, current),
        playing_next: {
          cued_at: next.start - 10,
          played_at: next.start,
          duration: next.duration,
          playlist: upcoming.playlist,
          is_request: false,
          song: upcoming.song,
        },
        song_history: history.map((slot) => entry(programme, catalog, slot)),
        is_online: true,
      };
    },
  };
}
