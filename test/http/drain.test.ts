/**
 * D34 in core, whatever the runtime: once `drain()` is called `/healthz` answers 503
 * `draining` without running a check, an event-stream client gets a last `reconnect` event and
 * its stream ends, a stream opened while draining is told at once, and `drain()` resolves once
 * every live client has gone. (Each runtime's SIGTERM: test/adapters/graceful-shutdown.test.ts.)
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { createSleeve } from '../../core/index.ts';
import { lifecycle } from '../../core/lifecycle.ts';
import { RECONNECT_EVENT } from '../../core/routes/radio.ts';
import { healthSchema } from '../../core/schemas/responses/index.ts';
import { sourcesWithProbes } from '../helpers/sources.ts';

const UA = { 'user-agent': 'drain-test/1.0 (drain@example.com)' };

async function readAll(res: Response): Promise<string> {
  return new Response(res.body).text();
}

describe('draining (D34)', () => {
  it('/healthz answers 503 draining at once, running no check, in its declared shape', async () => {
    // A probe that never answers: a check run while draining would take 2.5 s.
    const sleeve = createSleeve({ sources: sourcesWithProbes('hang', 'hang') });
    void sleeve.drain();
    const started = performance.now();
    const res = await sleeve.fetch(new Request('http://x/healthz'));
    expect(performance.now() - started).toBeLessThan(1_000);
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
    await lifecycle().drain();
  });
});
