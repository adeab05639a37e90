/**
 * @module
 * Radio (D12): a station's state at the injectable clock's now, and one shared upstream
 * subscription per station that `/nowplaying/socket` connections subscribe to (the driver's
 * live feed, or a poll), so a thousand listeners cost one upstream subscription, not a
 * thousand. What a subscriber is sent is the route's to shape (`core/shape/radio.ts`): the
 * service is given that shaping, and runs it once per change and base, not once per listener.
 */
import type { Deps } from '../wiring/deps.ts';
import { SleeveError } from '../errors.ts';
import type { NowPlaying } from '../domain/radio.ts';
import type { RequestScope } from '../drivers/contracts/driver.ts';

/** The station's state as its driver reports it now (the default station when none is named); unknown: a 404. */
export async function loadStation(
  deps: Deps,
  station: string | undefined,
  now: number,
  scope?: RequestScope,
): Promise<NowPlaying> {
  const { radio } = deps.drivers;
  const shortcode = station ?? deps.options.station ?? radio.defaultStation;
  const np = await radio.nowPlaying(shortcode, { now, scope });
  if (!np)
    throw new SleeveError('not_found', `No station with shortcode ${JSON.stringify(shortcode)}.`, { param: 'station' });
  return np;
}

/**
 * What the feed reads of a state: the station's name and the fields a change shows in.
 * The upstream's state and the body shaped from it both have them, the body copying them as they are.
 */
export interface StationState {
  station: { shortcode: string };
  now_playing: { sh_id: number; played_at: number; song: { id: string } };
  listeners: { total: number; unique: number; current: number };
}

/** A message is due when the song or any listener count changed, not on every tick. */
export function changeKey(state: StationState): string {
  const { now_playing: np, listeners: l } = state;
  return `${np.sh_id}|${np.song.id}|${np.played_at}|${l.total}|${l.unique}|${l.current}`;
}

/**
 * How a state becomes what subscribers are sent: the route's shape of the `/nowplaying` body,
 * whose URLs are built on the subscriber's base, with `elapsed` at `now`.
 */
export type ShapeState<B> = (np: NowPlaying, now: number, base: string) => B;

type Send<B> = (body: B) => void;

interface Subscriber {
  /** Bodies carry URLs built on the subscriber's base. */
  base: string;
  /** The change key of the last body it was sent. */
  seen: string;
}

/** One upstream subscription (the driver's `watch`, or a poller) and everyone listening to it. */
interface Feed<B> {
  subscribers: Map<Send<B>, Subscriber>;
  close(): void;
}

/**
 * The open feeds, by station. A feed's bodies are of the type its route shapes; one route
 * (`/nowplaying/socket`) subscribes, so one type per feed is all the casts below assume.
 */
const feeds = new WeakMap<Deps, Map<string, Feed<unknown>>>();

/**
 * Subscribes `send` to changes after `first` (which the caller has already sent), each shaped
 * by `shape` on `base`. Returns the unsubscribe function. There is one upstream subscription
 * per station, whatever the number of subscribers and their bases: the driver's own `watch`
 * (a live feed) when it has one, else a poll every `radioPollMs`; it closes with its last
 * subscriber. The feed shapes with the `shape` of the subscriber that opened it. Under
 * `requestsApart` (a Worker) each subscriber has a feed of its own.
 */
export function watchStation<B extends StationState>(
  deps: Deps,
  station: string | undefined,
  first: B,
  send: Send<B>,
  base: string,
  shape: ShapeState<B>,
): () => void {
  const name = first.station.shortcode;
  const requested = station ?? deps.options.station ?? deps.drivers.radio.defaultStation;
  if (deps.options.requestsApart) {
    // Where a request's timers and sockets are its own (workerd), a feed serves one client.
    const own = openFeed(deps, requested, name, shape);
    own.subscribers.set(send, { base, seen: changeKey(first) });
    return () => own.close();
  }
  const byStation = feeds.get(deps) ?? new Map<string, Feed<unknown>>();
  feeds.set(deps, byStation);
  let feed = byStation.get(name) as Feed<B> | undefined;
  if (!feed) {
    feed = openFeed(deps, requested, name, shape);
    byStation.set(name, feed as Feed<unknown>);
  }
  const active = feed;
  active.subscribers.set(send, { base, seen: changeKey(first) });
  return () => {
    if (!active.subscribers.delete(send) || active.subscribers.size > 0) return;
    active.close();
    if (byStation.get(name) === (active as Feed<unknown>)) byStation.delete(name);
  };
}

function openFeed<B extends StationState>(deps: Deps, requested: string, name: string, shape: ShapeState<B>): Feed<B> {
  const subscribers = new Map<Send<B>, Subscriber>();
  /** A state from upstream: each subscriber whose last body differs gets the new one. */
  const deliver = (np: NowPlaying) => {
    const now = deps.clock.now();
    const built = new Map<string, { body: B; key: string }>();
    for (const [send, subscriber] of subscribers) {
      let one = built.get(subscriber.base);
      if (!one) {
        const body = shape(np, now, subscriber.base);
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

  const { radio } = deps.drivers;
  if (radio.watch) {
    const close = radio.watch(name, deliver, { pollMs: deps.options.radioPollMs });
    return { subscribers, close };
  }

  let closed = false;
  let cancel: (() => void) | undefined;
  const tick = async () => {
    try {
      const np = await radio.nowPlaying(requested, { now: deps.clock.now() });
      if (!np) throw new SleeveError('not_found', `No station with shortcode ${JSON.stringify(requested)}.`);
      if (!closed) deliver(np);
    } catch (error) {
      deps.log.error('nowplaying watch failed', { station: name, error: String(error) });
    }
    if (!closed) cancel = deps.clock.timer(deps.options.radioPollMs, tick);
  };
  cancel = deps.clock.timer(deps.options.radioPollMs, tick);
  return {
    subscribers,
    close() {
      closed = true;
      cancel?.();
    },
  };
}
