/**
 * @module
 * Every declared endpoint is reachable through the client: the route table is walked, each
 * endpoint called with its declared `example` through the path the client's Proxy offers,
 * on a running Node server. A JSON answer must parse with the declaration's schema; a medium
 * must come back as its Response with the declared status and content type. A new endpoint
 * joins this test by being declared, and fails it if the client cannot reach it. The server
 * has a chat model (a fake one on loopback), so the AI routes answer as configured ones do.
 * Endpoints only live mode has data for (`test/helpers/live-only.ts`) are asked of a live
 * server over the replay.
 */
import type { AddressInfo } from 'node:net';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from 'sleeve/client';
import { serve, type Served } from '../../../adapters/node/index.ts';
import { isMedia, type AnyEndpoint } from '../../../core/http/endpoint.ts';
import { endpoints } from '../../../core/routes/index.ts';
import { startReplay, type Replay } from '../../../replay/server.ts';
import { LIVE_ONLY, liveExample } from '../../helpers/live-only.ts';
import { isResponse, USER_AGENT } from '../../helpers/client/suite.ts';
import { startFakeModel, type FakeModel } from '../../helpers/fake-openai.ts';

let served: Served;
let model: FakeModel;
let replay: Replay;
let live: Served;
beforeAll(async () => {
  model = await startFakeModel();
  // Metrics and the status page on, so /metrics and /status are served like every other declared endpoint.
  served = await serve({
    port: 0,
    hostname: '127.0.0.1',
    metrics: true,
    status: true,
    ai: { url: model.url, model: 'client-test' },
  });
  replay = await startReplay();
  live = await serve({
    port: 0,
    hostname: '127.0.0.1',
    mode: 'live',
    ...replay.options,
    log: { info() {}, error() {} },
  });
});
afterAll(async () => {
  await Promise.all([served, live].map((s) => new Promise<void>((done) => s.server.close(() => done()))));
  await Promise.all([model.close(), replay.close()]);
});

type Callable = { $get(params?: unknown, options?: unknown): Promise<unknown>; $post(body: unknown): Promise<unknown> };

/** The client's branch for a declared path, walked segment by segment as a caller would write it. */
function branchAt(client: unknown, path: string): Callable {
  if (path === '/') return (client as { index: Callable }).index;
  return path
    .slice(1)
    .split('/')
    .reduce<any>((branch, segment) => branch[segment], client);
}

/** The declared example as the client takes it (path parameters under `param`); a live server gets the replay's station. */
function argumentsOf(endpoint: AnyEndpoint, live: boolean): Record<string, unknown> {
  const names = [...endpoint.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const example: Record<string, string> = live ? liveExample(endpoint.example) : { ...endpoint.example };
  if (names.length === 0) return example;
  const param = Object.fromEntries(names.map((name) => [name, example[name]]));
  for (const name of names) delete example[name];
  return { ...example, param };
}

describe('every declared endpoint through sleeve/client (Node)', () => {
  const clientOf = (s: Served) =>
    createClient({ baseUrl: `http://127.0.0.1:${(s.server.address() as AddressInfo).port}`, userAgent: USER_AGENT });

  it('the route table is not empty', () => expect(endpoints.length).toBeGreaterThan(20));

  for (const endpoint of endpoints as readonly AnyEndpoint[]) {
    const method = endpoint.method ?? 'GET';
    it(`${method} ${endpoint.path}`, async () => {
      const isLive = LIVE_ONLY.includes(endpoint.path);
      const branch = branchAt(clientOf(isLive ? live : served), endpoint.path);
      const media = isMedia(endpoint.response) ? endpoint.response : undefined;
      let answer: unknown;
      if (method === 'POST') {
        expect(endpoint.bodyExample, `${endpoint.path} declares a bodyExample`).toBeDefined();
        answer = await branch.$post(endpoint.bodyExample);
      } else {
        // A medium is asked for in its own type: the event stream answers only `Accept: text/event-stream`.
        const headers = media && media.media.length > 0 ? { accept: media.media.join(', ') } : undefined;
        answer = await branch.$get(argumentsOf(endpoint, isLive), { headers });
      }
      if (!media) {
        expect(isResponse(answer), 'a JSON answer resolves to its body').toBe(false);
        expect(() => v.parse(endpoint.response, answer)).not.toThrow();
        return;
      }
      expect(isResponse(answer), 'a medium resolves to its Response').toBe(true);
      const res = answer as Response;
      expect(res.status).toBe(media.status ?? 200);
      const type = res.headers.get('content-type')?.split(';')[0]?.trim();
      if (media.media.length > 0) expect(media.media).toContain(type);
      // An event stream never ends: cancelling gives the socket slot back.
      await res.body?.cancel();
    });
  }
});
