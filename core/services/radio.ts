/**
 * @module
 * D12 radio: the `/nowplaying` body with `elapsed`/`remaining` recomputed from the injectable
 * clock, and one shared watcher per station that `/nowplaying/socket` connections subscribe
 * to, so a hundred listeners cost one upstream poll per interval, not a hundred.
 */
import type { Deps } from '../deps.ts';
import { SleeveError } from '../errors.ts';
import { nowPlayingBody, type NowPlayingBody } from '../shape/radio.ts';

export async function loadNowPlaying(deps: Deps, station: string | undefined, base: string, signal?: AbortSignal): Promise<NowPlayingBody> {
  const { radio } = deps.sources;
  const shortcode = station ?? deps.options.station ?? radio.defaultStation;
  const now = deps.now();
  const np = await radio.nowPlaying(shortcode, { now, signal });
  if (!np) throw new SleeveError('not_found', `No station with shortcode ${JSON.stringify(shortcode)}.`, { param: 'station' });
  return nowPlayingBody(np, now, base);
}

/** D12: a message is due when the song or any listener count changed, not on every tick. */
export function changeKey(body: NowPlayingBody): string {
  const { now_playing: np, listeners: l } = body;
  return `${np.sh_id}|${np.song.id}|${np.played_at}|${l.total}|${l.unique}|${l.current}`;
}

type Send = (body: NowPlayingBody) => void;
interface Watcher {
  subscribers: Map<Send, string>;
  timer: ReturnType<typeof setTimeout> | undefined;
}

const watchers = new WeakMap<Deps, Map<string, Watcher>>();

/**
 * Subscribes `send` to changes after `first` (which the caller has already sent). Returns the
 * unsubscribe function; the station's poller stops with its last subscriber. Bodies carry
 * URLs built on `base`, so there is one watcher per station and base.
 */
export function watchNowPlaying(deps: Deps, station: string | undefined, first: NowPlayingBody, send: Send, base: string): () => void {
  const byStation = watchers.get(deps) ?? new Map<string, Watcher>();
  watchers.set(deps, byStation);
  const name = first.station.shortcode;
  const watchKey = `${name} ${base}`;
  let watcher = byStation.get(watchKey);
  if (!watcher) {
    const created: Watcher = { subscribers: new Map(), timer: undefined };
    const tick = async () => {
      try {
        const body = await loadNowPlaying(deps, station, base);
        const key = changeKey(body);
        for (const [subscriber, seen] of created.subscribers) {
          if (seen === key) continue;
          created.subscribers.set(subscriber, key);
          subscriber(body);
        }
      } catch (error) {
        deps.log.error('nowplaying watch failed', { station: name, error: String(error) });
      }
      if (created.subscribers.size > 0) created.timer = setTimeout(tick, deps.options.radioPollMs);
      else created.timer = undefined;
    };
    created.timer = setTimeout(tick, deps.options.radioPollMs);
    watcher = created;
    byStation.set(watchKey, watcher);
  }
  const active = watcher;
  active.subscribers.set(send, changeKey(first));
  return () => {
    active.subscribers.delete(send);
    if (active.subscribers.size === 0) {
      clearTimeout(active.timer);
      if (byStation.get(watchKey) === active) byStation.delete(watchKey);
    }
  };
}

export function nowPlayingMessage(body: NowPlayingBody): string {
  return JSON.stringify({ type: 'nowplaying', data: body });
}
