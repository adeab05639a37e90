/**
 * Issue 10: `/nowplaying/socket` clients are bounded per IP and per process, with a D3 refusal
 * before any stream starts, and each slot given back when its client leaves. Shown here on the
 * event stream in process (every runtime has it); the WebSocket side is in socket-node.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, optionsFromEnv } from '../../../core/wiring/config.ts';
import { slotsFor } from '../../../core/http/conn/socket-slots.ts';
import { makeSleeve, UA } from '../../helpers/routes/client.ts';

const clock = { now: Date.UTC(2026, 10, 22, 15, 0, 0) };

function setup() {
  const sleeve = makeSleeve({ now: () => clock.now, maxSocketsPerIp: 2, maxSockets: 3 });
  const open = (ip: string, path = '/nowplaying/socket') =>
    sleeve.fetch(
      new Request(`http://sleeve.test${path}`, { headers: { accept: 'text/event-stream', 'user-agent': UA } }),
      { clientIp: ip },
    );
  return { sleeve, open, slots: slotsFor(sleeve.deps) };
}

describe('/nowplaying/socket bounds (issue 10)', () => {
  it('refuses past maxSocketsPerIp with 429 and past maxSockets with 503, both with Retry-After', async () => {
    const { open, slots } = setup();
    const held = [await open('192.0.2.1'), await open('192.0.2.1', '/current/nowplaying/socket')];
    expect(held.map((r) => r.status)).toEqual([200, 200]);
    const perIp = await open('192.0.2.1');
    expect(perIp.status).toBe(429);
    expect(perIp.headers.get('retry-after')).toBe('30');
    expect(await perIp.json()).toMatchObject({ ok: false, error: { code: 'rate_limited' } });
    held.push(await open('192.0.2.2'));
    expect(held[2]!.status).toBe(200);
    const total = await open('192.0.2.3');
    expect(total.status).toBe(503);
    expect(total.headers.get('retry-after')).toBe('30');
    expect(await total.json()).toMatchObject({ ok: false, error: { code: 'service_unavailable' } });
    const legacy = await open('192.0.2.3', '/v2.5.0/nowplaying/socket');
    expect(await legacy.json()).toEqual({ error: expect.stringContaining('maximum of 3') });
    expect(slots.open()).toBe(3);
    for (const res of held) await res.body?.cancel();
  });

  it('gives the slot back when a client leaves, and when the stream never starts', async () => {
    const { open, slots } = setup();
    const first = await open('192.0.2.9');
    const second = await open('192.0.2.9');
    expect(slots.open('192.0.2.9')).toBe(2);
    await first.body?.cancel();
    expect(slots.open('192.0.2.9')).toBe(1);
    expect((await open('192.0.2.9', '/nowplaying/socket?station=nope')).status).toBe(404);
    expect(slots.open('192.0.2.9')).toBe(1);
    const third = await open('192.0.2.9');
    expect(third.status).toBe(200);
    await Promise.all([second.body?.cancel(), third.body?.cancel()]);
    expect(slots.open()).toBe(0);
  });

  it('an aborted request gives its slot back', async () => {
    const { sleeve, slots } = setup();
    const controller = new AbortController();
    const res = await sleeve.fetch(
      new Request('http://sleeve.test/nowplaying/socket', {
        headers: { accept: 'text/event-stream', 'user-agent': UA },
        signal: controller.signal,
      }),
      { clientIp: '192.0.2.7' },
    );
    expect(res.status).toBe(200);
    expect(slots.open()).toBe(1);
    controller.abort();
    expect(slots.open()).toBe(0);
  });

  it('reads SLEEVE_MAX_SOCKETS_PER_IP and SLEEVE_MAX_SOCKETS, refusing what is not a whole number of at least 1', () => {
    const { options } = optionsFromEnv({ SLEEVE_MAX_SOCKETS_PER_IP: '5', SLEEVE_MAX_SOCKETS: '200' });
    expect(options).toMatchObject({ maxSocketsPerIp: 5, maxSockets: 200 });
    for (const bad of ['0', '-1', '2.5', 'ten']) {
      expect(() => optionsFromEnv({ SLEEVE_MAX_SOCKETS: bad }), bad).toThrow(ConfigError);
      expect(() => optionsFromEnv({ SLEEVE_MAX_SOCKETS_PER_IP: bad }), bad).toThrow(
        /SLEEVE_MAX_SOCKETS_PER_IP must be a whole number/,
      );
    }
  });
});
