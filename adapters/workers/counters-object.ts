/**
 * @module
 * D47: the counters that must be exact on Workers (the rate limits per client, D8, and the
 * upstream budget, D13) in a Durable Object, `SleeveCounters`, which the Worker exports and
 * binds as `SLEEVE_COUNTERS`. One object per counter key (its name is the key), so a client's
 * limit and the budget are each counted in one place for every isolate everywhere. Inside the
 * object, the read and the write of a count are one step: its storage holds other requests
 * back while it is read (the input gate), so no two hits see the same count.
 */
import type { CounterStore, WindowCount } from '../../core/index.ts';
import type { DurableObjectNamespace, DurableObjectState } from './platform.ts';

/** What one object keeps: the window it counts and the count in it. */
interface Held {
  window: number;
  count: number;
}

/** The longest window a counter is asked to keep (the rate limits' minute is the longest Sleeve has). */
const MAX_WINDOW_MS = 3_600_000;

export class SleeveCounters {
  private readonly state: DurableObjectState;
  constructor(state: DurableObjectState) {
    this.state = state;
  }

  /** `/hit?now=…&window=…`: counts one hit in the window holding `now`. */
  async fetch(request: Request): Promise<Response> {
    const query = new URL(request.url).searchParams;
    const now = Number(query.get('now'));
    const windowMs = Number(query.get('window'));
    if (!Number.isSafeInteger(now) || !Number.isSafeInteger(windowMs) || windowMs < 1 || windowMs > MAX_WINDOW_MS)
      return Response.json(
        { ok: false, error: { code: 'bad_request', message: 'now and window must be integers' } },
        { status: 400 },
      );
    const window = Math.floor(now / windowMs);
    const held = await this.state.storage.get<Held>('count');
    const count = held?.window === window ? held.count + 1 : 1;
    await this.state.storage.put<Held>('count', { window, count });
    // An object whose client has gone leaves nothing behind: cleared a window after its last.
    if (count === 1) await this.state.storage.setAlarm((window + 2) * windowMs);
    const hit: WindowCount = { count, resetAt: (window + 1) * windowMs };
    return Response.json(hit);
  }

  async alarm(): Promise<void> {
    await this.state.storage.deleteAll();
  }
}

/** The counters of every isolate, through the `SleeveCounters` objects of `namespace`. */
export function durableCounters(namespace: DurableObjectNamespace): CounterStore {
  return {
    async hit(key, now, windowMs) {
      const counter = namespace.get(namespace.idFromName(key));
      const res = await counter.fetch(`https://counters/hit?now=${Math.floor(now)}&window=${windowMs}`);
      if (!res.ok) throw new Error(`[sleeve] [counters] the SleeveCounters object answered ${res.status}`);
      return (await res.json()) as WindowCount;
    },
  };
}
