/**
 * @module
 * Every declared endpoint is reachable through the client: the route table is walked, each
 * endpoint called with its declared `example` through the path the client's Proxy offers,
 * on a running Node server. A JSON answer must parse with the declaration's schema; a medium
 * must come back as its Response with the declared status and content type. A new endpoint
 * joins this test by being declared, and fails it if the client cannot reach it.
 */
import type { AddressInfo } from 'node:net';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from 'sleeve/client';
import { serve, type Served } from '../../adapters/node.ts';
import { isMedia, type AnyEndpoint } from '../../core/http/endpoint.ts';
import { endpoints } from '../../core/routes/index.ts';
import { isResponse, USER_AGENT } from './_suite.ts';

/** Path parameters have no declared example yet; a declaration's own `example` wins over these. */
const PATH_EXAMPLES: Record<string, string> = { kind: 'genre', file: '0.svg' };

/** Bodies for the POST endpoints, which declare a body schema but no example of one. */
const BODY_EXAMPLES: Record<string, unknown> = {
  '/batch': { requests: [{ path: '/editorial/genres' }, { path: '/track/hot?limit=2' }] },
};

/** D27: what only live mode answers; on this demo server the client must reject it as D3's 503. */
const LIVE_ONLY = new Set(['/listen.mp3']);

let served: Served;
beforeAll(async () => {
  // Metrics on, so /metrics is served like every other declared endpoint.
  served = await serve({ port: 0, hostname: '127.0.0.1', metrics: true });
});
afterAll(() => new Promise<void>((done) => served.server.close(() => done())));

type Callable = { $get(params?: unknown, options?: unknown): Promise<unknown>; $post(body: unknown): Promise<unknown> };

/** The client's branch for a declared path, walked segment by segment as a caller would write it. */
function branchAt(client: unknown, path: string): Callable {
  if (path === '/') return (client as { index: Callable }).index;
  return path.slice(1).split('/').reduce<any>((branch, segment) => branch[segment], client);
}

function argumentsOf(endpoint: AnyEndpoint): Record<string, unknown> {
  const names = [...endpoint.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const example: Record<string, string> = { ...endpoint.example };
  if (names.length === 0) return example;
  const param = Object.fromEntries(names.map((name) => [name, example[name] ?? PATH_EXAMPLES[name]]));
  for (const name of names) delete example[name];
  return { ...example, param };
}

describe('every declared endpoint through sleeve/client (Node)', () => {
  const client = () => createClient({ baseUrl: `http://127.0.0.1:${(served.server.address() as AddressInfo).port}`, userAgent: USER_AGENT });

  it('the route table is not empty', () => expect(endpoints.length).toBeGreaterThan(20));

  for (const endpoint of endpoints as readonly AnyEndpoint[]) {
    const method = endpoint.method ?? 'GET';
    it(`${method} ${endpoint.path}`, async () => {
      const branch = branchAt(client(), endpoint.path);
      const media = isMedia(endpoint.response) ? endpoint.response : undefined;
      let answer: unknown;
      if (method === 'POST') {
        expect(BODY_EXAMPLES, `add an example body for ${endpoint.path} to this test`).toHaveProperty([endpoint.path]);
        answer = await branch.$post(BODY_EXAMPLES[endpoint.path]);
      } else {
        // A medium is asked for in its own type: the event stream answers only `Accept: text/event-stream`.
        const headers = media && media.media.length > 0 ? { accept: media.media.join(', ') } : undefined;
        if (LIVE_ONLY.has(endpoint.path)) {
          await expect(branch.$get(argumentsOf(endpoint), { headers })).rejects.toMatchObject({ status: 503, code: 'not_configured' });
          return;
        }
        answer = await branch.$get(argumentsOf(endpoint), { headers });
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
