/** Clients leaving mid-way on Node: no line from the adapter, @hono/node-server or Sleeve. */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { serve, type Served } from '../../../adapters/node/index.ts';
import { disconnectMidway } from './_disconnects.ts';

let served: Served;
/** What Sleeve itself logs (core's part of item 6): a disconnect is not a bug either. */
const logged: string[] = [];
/** The request log's lines (D20): one per request, kept apart; what matters is that no other line comes. */
const requests: string[] = [];
beforeAll(async () => {
  const log = {
    info: (message: string) => void logged.push(`info: ${message}`),
    error: (message: string) => void logged.push(`error: ${message}`),
    request: (line: string) => void requests.push(line),
  };
  served = await serve({ port: 0, hostname: '127.0.0.1', rateLimits: 'off', log });
});
afterAll(() => new Promise<void>((resolve) => served.server.close(() => resolve())));

it('clients that disconnect mid-body, mid-answer or mid-stream log nothing from the adapter', async () => {
  const methods = ['log', 'info', 'warn', 'error', 'debug'] as const;
  const spies = methods.map((name) => vi.spyOn(console, name).mockImplementation(() => {}));
  try {
    await disconnectMidway(Number(new URL(served.url).port));
    const lines = spies.flatMap((spy, i) =>
      spy.mock.calls.map((args) => `console.${methods[i]}: ${args.map(String).join(' ')}`),
    );
    expect(lines).toEqual([]);
    expect(logged).toEqual([]);
    for (const line of requests)
      expect(JSON.parse(line)).toMatchObject({ method: expect.any(String), status: expect.any(Number) });
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  expect((await fetch(`${served.url}/healthz`)).status).toBe(200);
});
