/**
 * D34 in core, whatever the runtime: once `drain()` is called `/healthz` answers 503
 * `draining` without running a check, an event-stream client gets a last `reconnect` event and
 * its stream ends, a stream opened while draining is told at once, and `drain()` resolves once
 * every live client has gone. (Each runtime's SIGTERM: test/integration/adapters/graceful-shutdown.test.ts.)
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { createSleeve } from '../../../core/index.ts';
import { lifecycle } from '../../../core/wiring/lifecycle.ts';
import { RECONNECT_EVENT } from '../../../core/routes/radio/radio.ts';
import { healthSchema } from '../../../core/schemas/responses/index.ts';
import { sourcesWithProbes } from '../../helpers/sources.ts';

const UA = { 'user-agent': 'drain-test/1.0 (drain@example.com)' };

async function readAll(res: Response): Promise<string> {
  return new Response(res.body).text();
}

describe('draining (D34)', () => {
  it('/healthz answers 503 draining at once, running no check, in its declared shape', async () => {
    // Probes that never answer and count their calls: a check run while draining would ask them.
    const sources = sourcesWithProbes('hang', 'hang');
    let probed = 0;
    for (const driver of [sources.music, sources.features]) {
      const probe = driver.probe.bind(driver);
      driver.probe = (...args) => {
        probed++;
        return probe(...args);
      };
    }
    const sleeve = createSleeve({ sources });
    void sleeve.drain();
    const res = await sleeve.fetch(new Request('http://x/healthz'));
    expect(probed).toBe(0);
    expect(res.status).toBe(503);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.json();
    expect(v.parse(healthSchema, body)).toMatchObject({
      status: 'draining',
      checks: [],
      degraded: true,
      version: '3.0.0',
    });
  });

  it('an event stream gets a last reconnect event and ends; drain() resolves once it has', async () => {
    const sleeve = createSleeve({ rateLimits: 'off' });
    const res = await sleeve.fetch(
      new Request('http://x/nowplaying/socket', { headers: { accept: 'text/event-stream', ...UA } }),
    );
    expect(res.status).toBe(200);
    const text = readAll(res);
    await sleeve.drain();
    const received = await text;
    expect(received.startsWith('data: {"type":"nowplaying"')).toBe(true);
    expect(received.endsWith(RECONNECT_EVENT)).toBe(true);
  });

  it('a stream opened while draining is told at once', async () => {
    const sleeve = createSleeve({ rateLimits: 'off' });
    await sleeve.drain();
    const res = await sleeve.fetch(
      new Request('http://x/nowplaying/socket', { headers: { accept: 'text/event-stream', ...UA } }),
    );
    expect((await readAll(res)).endsWith(RECONNECT_EVENT)).toBe(true);
  });
});

describe('lifecycle()', () => {
  it('tells each listener once, and resolves drain() when the last has left', async () => {
    const life = lifecycle();
    const told: string[] = [];
    const leaveA = life.onDrain(() => told.push('a'));
    const leaveB = life.onDrain(() => told.push('b'));
    leaveB(); // a client that left before the drain is not told
    let drained = false;
    const done = life.drain().then(() => (drained = true));
    void life.drain();
    expect(told).toEqual(['a']);
    await Promise.resolve();
    expect(drained).toBe(false);
    leaveA();
    await done;
    expect(life.draining).toBe(true);
  });

  it('resolves drain() at once when no live client is open', async () => {
    const settledWithinMicrotasks = async (life: ReturnType<typeof lifecycle>) => {
      let drained = false;
      void life.drain().then(() => (drained = true));
      // No timer may run: the promise settles in the same turn of the event loop, or never here.
      for (let i = 0; i < 10 && !drained; i++) await Promise.resolve();
      return drained;
    };
    const idle = lifecycle();
    expect(await settledWithinMicrotasks(idle)).toBe(true);
    expect(idle.draining).toBe(true);
    // The same check holds back while a live client is open, so it can tell the two apart.
    const busy = lifecycle();
    busy.onDrain(() => {});
    expect(await settledWithinMicrotasks(busy)).toBe(false);
  });
});
