/**
 * @module
 * D12 radio: the `/nowplaying` body with `elapsed`/`remaining` recomputed from the injectable
 * clock, and one shared upstream subscription per station that `/nowplaying/socket`
 * connections subscribe to (the source's live feed, or a poll), so a thousand listeners cost
 * one upstream subscription, not a thousand.
 */
import type { Deps } from '../deps.ts';
import { SleeveError } from '../errors.ts';
import type { NowPlayingBody } from '../schemas/responses/radio.ts';
import { nowPlayingBody } from '../shape/radio.ts';
import type { NowPlaying } from '../sources/types.ts';

/** The station's state as its source reports it now (the default station when none is named); unknown: D12's 404. */
export async function loadStation(deps: Deps, station: string | undefined, now: number, signal?: AbortSignal): Promise<NowPlaying> {
  const { radio } = deps.sources;
  const shortcode = station ?? deps.options.station ?? radio.defaultStation;
  const np = await radio.nowPlaying(shortcode, { now, signal });
  if (!np) throw new SleeveError('not_found', `No station with shortcode ${JSON.stringify(shortcode)}.`, { param: 'station' });
  return np;
}

export async function loadNowPlaying(deps: Deps, station: string | undefined, base: string, signal?: AbortSignal): Promise<NowPlayingBody> {
  const now = deps.now();
  return nowPlayingBody(await loadStation(deps, station, now, signal), now, base);
}

/** D12: a message is due when the song or any listener count changed, not on every tick. */
export function changeKey(body: NowPlayingBody): string {
  const { now_playing: np, listeners: l } = body;
  return `${np.sh_id}|${np.song.id}|${np.played_at}|${l.total}|${l.unique}|${l.current}`;
}

type Send = (body: NowPlayingBody) => void;

interface Subscriber {
  /** Bodies carry URLs built on the subscriber's base. */
  base: string;
  /** The change key of the last body it was sent. */
  seen: string;
}

/** One upstream subscription (the source's `watch`, or a poller) and everyone listening to it. */
interface Feed {
  subscribers: Map<Send, Subscriber>;
  close(): void;
}

const feeds = new WeakMap<Deps, Map<string, Feed>>();

/**
 * Subscribes `send` to changes after `first` (which the caller has already sent). Returns the
 * unsubscribe function. There is one upstream subscription per station, whatever the number
 * of subscribers and their bases: the source's own `watch` (a live feed) when it has one, else
 * a poll every `radioPollMs`; it closes with its last subscriber.
 */
export function watchNowPlaying(deps: Deps, station: string | undefined, first: NowPlayingBody, send: Send, base: string): () => void {
  const byStation = feeds.get(deps) ?? new Map<string, Feed>();
  feeds.set(deps, byStation);
  const name = first.station.shortcode;
  let feed = byStation.get(name);
  if (!feed) {
    feed = openFeed(deps, station ?? deps.options.station ?? deps.sources.radio.defaultStation, name);
    byStation.set(name, feed);
  }
  const active = feed;
  active.subscribers.set(send, { base, seen: changeKey(first) });
  return () => {
    if (!active.subscribers.delete(send) || active.subscribers.size > 0) return;
    active.close();
    if (byStation.get(name) === active) byStation.delete(name);
  };
}

function openFeed(deps: Deps, requested: string, name: string): Feed {
  const subscribers = new Map<Send, Subscriber>();
  /** A state from upstream: each subscriber whose last body differs gets the new one (D12). */
  const deliver = (np: NowPlaying) => {
    const now = deps.now();
    const built = new Map<string, { body: NowPlayingBody; key: string }>();
    for (const [send, subscriber] of subscribers) {
      let one = built.get(subscriber.base);
      if (!one) {
        const body = nowPlayingBody(np, now, subscriber.base);
        one = { body, key: changeKey(body) };
        built.set(subscriber.base, one);
      }
      if (subscriber.seen === one.key) continue;
      subscriber.seen = one.key;
      try {
        send(one.body);
      } catch (error) {
        deps.log.error('nowplaying subscriber failed', { station: name, error: String(error) });
      }
    }
  };

  const { radio } = deps.sources;
  if (radio.watch) {
    const close = radio.watch(name, deliver, { pollMs: deps.options.radioPollMs });
    return { subscribers, close };
  }

  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = async () => {
    try {
      const np = await radio.nowPlaying(requested, { now: deps.now() });
      if (!np) throw new SleeveError('not_found', `No station with shortcode ${JSON.stringify(requested)}.`);
      if (!closed) deliver(np);
    } catch (error) {
      deps.log.error('nowplaying watch failed', { station: name, error: String(error) });
    }
    if (!closed) timer = setTimeout(tick, deps.options.radioPollMs);
  };
  timer = setTimeout(tick, deps.options.radioPollMs);
  return {
    subscribers,
    close() {
      closed = true;
      clearTimeout(timer);
    },
  };
}

export function nowPlayingMessage(body: NowPlayingBody): string {
  return JSON.stringify({ type: 'nowplaying', data: body });
}
