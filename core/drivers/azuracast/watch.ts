/**
 * @module
 * One live subscription to a station (D12): AzuraCast's Server-Sent Events feed where the
 * installation offers it (`sse.ts`), else polling. The service opens one per station however
 * many sockets listen, so a thousand sockets are one upstream connection.
 *
 * - The feed answers 4xx (no such route: an install older than 0.17, or the feed turned off),
 *   a redirect (never followed) or something that is not an event stream: poll every `pollMs` and try the feed again
 *   after `UNSUPPORTED_RETRY_MS`.
 * - The feed cannot be reached, answers 5xx, drops, or goes silent longer than `IDLE_MS`
 *   (Centrifugo pings every 25 s): poll at once (a change may have been missed), keep polling
 *   every `pollMs`, and reconnect after a backoff of 1 s doubling to 30 s (back to 1 s once a
 *   connection has delivered something).
 * - Closing aborts whatever is in flight; nothing is left running.
 *
 * Web-standard only (fetch, streams), its time and waits the context's clock (`kit/clock.ts`): this
 * runs on every runtime Sleeve supports, and a test moves its time.
 */
import type { DriverContext } from '../kit/context.ts';
import type { Clock } from '../kit/clock.ts';
import type { NowPlaying } from '../../domain/radio.ts';
import { channelOf, eventStreamParser, nowPlayingBodies, sseUrl } from './sse.ts';
import { toNowPlaying, WireError } from './wire.ts';

/** Centrifugo pings every 25 s: this long with no byte at all means the connection is dead. */
const IDLE_MS: number = 60_000;
/** How long to poll before asking a feed that said "no such thing" again. */
const UNSUPPORTED_RETRY_MS: number = 10 * 60_000;
const BACKOFF_MIN_MS = 1000;
const BACKOFF_MAX_MS = 30_000;

export interface WatchPlan {
  ctx: DriverContext;
  baseUrl: string;
  /** The station's shortcode: names the feed channel and the polled path. */
  station: string;
  pollMs: number;
  /** Milliseconds to wait for the feed's response headers. */
  timeoutMs: number;
  /** False: never try the feed, poll only. */
  liveFeed: boolean;
  /** One poll: the (briefly cached) now-playing call. */
  poll(station: string, signal: AbortSignal): Promise<NowPlaying | null>;
  onUpdate(np: NowPlaying): void;
}

type Outcome = 'unsupported' | 'dropped' | 'closed';

/** A pause on the clock that ends early, quietly, when the watch closes. */
const pause = (clock: Clock, ms: number, signal: AbortSignal): Promise<void> =>
  clock.sleep(Math.max(ms, 0), signal).catch(() => {});

/** Starts the subscription; the returned function closes it. */
export function watchStation(plan: WatchPlan): () => void {
  const controller = new AbortController();
  void run(plan, controller.signal).catch((error: unknown) => {
    // A bug here must not become an unhandled rejection that takes the process down.
    plan.ctx.log.error('azuracast watch stopped', { station: plan.station, error: String(error) });
  });
  return () => controller.abort();
}

async function run(plan: WatchPlan, signal: AbortSignal): Promise<void> {
  const { ctx, station } = plan;
  const { clock } = ctx;
  let failures = 0;
  const feed = plan.liveFeed;
  let feedRetryAt = 0;
  while (!signal.aborted) {
    let deadline = Infinity;
    let pollNow = false;
    if (feed && clock.now() >= feedRetryAt) {
      const { outcome, delivered } = await stream(plan, signal);
      if (outcome === 'closed' || signal.aborted) return;
      if (outcome === 'unsupported') {
        ctx.log.info('azuracast live feed unavailable; polling', { station, pollMs: plan.pollMs });
        feedRetryAt = clock.now() + UNSUPPORTED_RETRY_MS;
        deadline = feedRetryAt;
      } else {
        failures = delivered ? 1 : failures + 1;
        deadline = clock.now() + Math.min(BACKOFF_MIN_MS * 2 ** (failures - 1), BACKOFF_MAX_MS);
        pollNow = true;
      }
    } else if (feed) {
      deadline = feedRetryAt;
    }
    // Poll until the feed is worth another try (never, when it is turned off).
    while (!signal.aborted && clock.now() < deadline) {
      if (!pollNow) {
        const left = deadline - clock.now();
        const wait = Math.min(plan.pollMs, left);
        await pause(clock, wait, signal);
        // A timer may fire a millisecond or more before the clock reaches the deadline (Node
        // schedules from the event loop's cached clock): a sleep up to the deadline ends the wait
        // whatever the clock says, or an extra poll would race the reconnection.
        if (signal.aborted || wait === left || clock.now() >= deadline) break;
      }
      pollNow = false;
      await pollOnce(plan, signal);
    }
  }
}

async function pollOnce(plan: WatchPlan, signal: AbortSignal): Promise<void> {
  try {
    const np = await plan.poll(plan.station, signal);
    if (signal.aborted) return;
    if (np) plan.onUpdate(np);
    else plan.ctx.log.error('nowplaying watch failed', { station: plan.station, error: 'the station is gone (404)' });
  } catch (error) {
    if (!signal.aborted) plan.ctx.log.error('nowplaying watch failed', { station: plan.station, error: String(error) });
  }
}

/** One connection to the feed, until it ends; `delivered` says whether it brought any state. */
async function stream(plan: WatchPlan, closed: AbortSignal): Promise<{ outcome: Outcome; delivered: boolean }> {
  const { ctx, station } = plan;
  const connection = new AbortController();
  const stop = () => connection.abort();
  closed.addEventListener('abort', stop, { once: true });
  let idle: (() => void) | undefined;
  const arm = (ms: number) => {
    idle?.();
    idle = ctx.clock.timer(ms, stop);
  };
  let delivered = false;
  try {
    arm(plan.timeoutMs);
    let response: Response;
    try {
      // Not the kit's one-shot call (`kit/call/call.ts`): that reads one answer whole within a
      // timeout, where this stream stays open for as long as the watch lasts and is read as it
      // arrives, its timeout re-armed at each message.
      response = await ctx.fetch(sseUrl(plan.baseUrl, station), {
        headers: { accept: 'text/event-stream' },
        // AzuraCast's feed does not move: a redirect is not followed anywhere (it is an answer
        // that is no event stream, so the watch polls), where fetch's own following would go
        // wherever the installation pointed, Sleeve's own network included.
        redirect: 'manual',
        signal: connection.signal,
      });
    } catch (error) {
      if (closed.aborted) return { outcome: 'closed', delivered };
      ctx.log.error('azuracast live feed unreachable', { station, error: String(error) });
      return { outcome: 'dropped', delivered };
    }
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || !type.includes('text/event-stream') || response.body === null) {
      await response.body?.cancel().catch(() => {});
      const transient = response.status >= 500 || response.status === 408 || response.status === 429;
      return { outcome: transient ? 'dropped' : 'unsupported', delivered };
    }
    const channel = channelOf(station);
    const parse = eventStreamParser((data) => {
      let message: unknown;
      try {
        message = JSON.parse(data);
      } catch {
        return; // not JSON: not a Centrifugo message
      }
      for (const body of nowPlayingBodies(message, channel)) {
        let np: NowPlaying;
        try {
          np = toNowPlaying(body);
        } catch (error) {
          if (error instanceof WireError)
            ctx.log.error('azuracast live feed sent an unexpected shape', { station, error: error.message });
          else throw error;
          continue;
        }
        delivered = true;
        plan.onUpdate(np);
      }
    });
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        arm(IDLE_MS);
        const { done, value } = await reader.read();
        if (done) break;
        parse(value);
      }
    } catch (error) {
      if (!closed.aborted) ctx.log.error('azuracast live feed dropped', { station, error: String(error) });
    } finally {
      reader.cancel().catch(() => {});
    }
    return { outcome: closed.aborted ? 'closed' : 'dropped', delivered };
  } finally {
    idle?.();
    closed.removeEventListener('abort', stop);
  }
}
