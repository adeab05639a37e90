/**
 * One value down, one outcome up (issue #65), as a request meets them: its scope is made by
 * its first layer and is the one its route receives (a rerun's, the one made for it); what the
 * route says of its answer (its JSON, a gap, a brief lifetime, its error) reaches the layers
 * above as the result of their `next()`; and no context variable is set once the route runs.
 */
import type { Context } from 'hono';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { SleeveError } from '../../../core/errors.ts';
import type { SleeveEnv } from '../../../core/http/context.ts';
import { defineEndpoint } from '../../../core/http/endpoint.ts';
import { frameChain, type FrameLayer } from '../../../core/http/frame-chain.ts';
import { Outcome } from '../../../core/http/outcome.ts';
import { REQUEST_TURNS_MS, requestScope, type RequestScope } from '../../../core/drivers/kit/index.ts';
import { requiredText } from '../../../core/schemas/params.ts';
import { frameEndpoints, stub, testApp, UA } from '../../helpers/http/app.ts';

/** A cached endpoint that says of its answer what its query asks, and records what it was given. */
function probe() {
  const seen: { scopes: RequestScope[]; events: string[] } = { scopes: [], events: [] };
  const endpoint = defineEndpoint({
    path: '/t/probe',
    ...stub,
    cache: 900,
    params: v.object({ query: requiredText('query') }),
    handle({ params, scope, degraded, notFound }) {
      seen.events.push('route');
      seen.scopes.push(scope);
      if (params.query === 'gap') degraded('its audio features');
      if (params.query === 'none') notFound();
      if (params.query === 'bad') throw new SleeveError('not_found', 'No such thing.');
      return { query: params.query };
    },
  });
  return { endpoint, seen };
}

describe('one value down, one outcome up (issue #65)', () => {
  it('sets every context variable before the route runs: nothing below is read above', async () => {
    const { endpoint, seen } = probe();
    const { fetch } = testApp([...frameEndpoints, endpoint], { rateLimits: 'off', requestLog: 'json' });
    // A context keeps its variables in a Map of its own: every `set` of one, watched from here on.
    const set = Map.prototype.set;
    Map.prototype.set = function (this: Map<unknown, unknown>, key: unknown, value: unknown) {
      if (typeof key === 'string' && key.startsWith('sleeve.')) seen.events.push(`set ${key}`);
      return set.call(this, key, value);
    };
    try {
      for (const query of ['ok', 'gap', 'none', 'bad']) {
        seen.events.length = 0;
        const res = await fetch(`/t/probe?query=${query}`);
        await res.arrayBuffer();
        expect(seen.events[0], query).toBe('set sleeve.scope');
        expect(seen.events.slice(seen.events.indexOf('route')), query).toEqual(['route']);
      }
    } finally {
      Map.prototype.set = set;
    }
  });

  it("a request's route receives the scope its first layer made; a rerun's, the one made for it", async () => {
    const { endpoint, seen } = probe();
    const { app, clock } = testApp([...frameEndpoints, endpoint], { rateLimits: 'off' });
    const request = () => new Request('http://sleeve.test/t/probe?query=x', { headers: { 'User-Agent': UA } });
    await app.fetch(request(), { clientIp: '203.0.113.7' });
    expect(seen.scopes[0]!.turnsBy).toBe(clock.now + REQUEST_TURNS_MS);
    const made = requestScope({ client: 'someone', now: clock.now });
    await app.fetch(new Request('http://sleeve.test/t/probe?query=y', { headers: { 'User-Agent': UA } }), {
      sleeveRerun: made,
    });
    expect(seen.scopes[1]).toBe(made);
  });

  it('the frame chain gives a layer what the steps below it answered, with what they said of it', async () => {
    const heard: (Outcome | undefined)[] = [];
    const above: FrameLayer = async (_c, next) => {
      const out = await next();
      heard.push(out);
      return out;
    };
    const said: FrameLayer = () => new Outcome(new Response('{}'), { json: '{}', degraded: 'lyrics', brief: 300 });
    const thrown = new SleeveError('upstream_error', 'Deezer answered 500.');
    const failing: FrameLayer = () => {
      throw thrown;
    };
    const rendered = (error: Error) =>
      new Outcome(new Response(null, { status: 502 }), { error: error as SleeveError, thrown: error });
    const c = () => ({ finalized: false, res: undefined }) as unknown as Context<SleeveEnv>;
    const first = await (frameChain([above, said], rendered) as (c: Context<SleeveEnv>) => Promise<Response>)(c());
    const second = await (frameChain([above, failing], rendered) as (c: Context<SleeveEnv>) => Promise<Response>)(c());
    expect([heard[0]?.json, heard[0]?.degraded, heard[0]?.brief, heard[0]?.res]).toEqual(['{}', 'lyrics', 300, first]);
    expect([heard[1]?.error, heard[1]?.thrown, heard[1]?.res.status, second.status]).toEqual([
      thrown,
      thrown,
      502,
      502,
    ]);
  });
});
