/**
 * Node's listener (`adapters/node/listener.ts`) and what it hands core and writes: a GET whose
 * URL was built before goes to core as an `ArrivedGet`, a web Request that reads nothing until
 * asked and answers everything a Request does; a held hit's plain parts are written at once;
 * anything else core answered goes to `@hono/node-server`'s listener with the answer already
 * given, which core is never asked for again, and which no later request is given.
 */
import { EventEmitter } from 'node:events';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { beforeAll, describe, expect, it } from 'vitest';
import { ArrivedGet, arrivedAsRequest } from '../../../adapters/node/arrived-get.ts';
import { wroteHeld } from '../../../adapters/node/held-answer.ts';
import { nodeListener, type NodeEnv } from '../../../adapters/node/listener.ts';
import { withRememberedUrl } from '../../../adapters/node/request-url.ts';

const URL_OF = 'http://sleeve.test/editorial/genres';

function message(target = '/editorial/genres', method = 'GET'): IncomingMessage {
  return {
    method,
    url: target,
    headers: { host: 'sleeve.test', 'user-agent': 'Test/1.0 (t@example.com)' },
    rawHeaders: ['Host', 'sleeve.test', 'User-Agent', 'Test/1.0 (t@example.com)'],
    socket: { remoteAddress: '192.0.2.1' },
  } as unknown as IncomingMessage;
}

/** A ServerResponse as far as the listener uses one: what was written, and its close. */
class Outgoing extends EventEmitter {
  writableFinished = false;
  written: [number, Record<string, string>, unknown] | undefined;
  head: [number, Record<string, string>] | undefined;
  writeHead(status: number, headers: Record<string, string>) {
    this.head = [status, headers];
    return this;
  }
  end(body: unknown) {
    this.written = [...(this.head ?? [200, {}]), body] as Outgoing['written'];
    this.writableFinished = true;
  }
}

beforeAll(async () => {
  // @hono/node-server's Request and Response in place of the globals, as `serve` puts them, and
  // the URL it builds for /editorial/genres remembered, as for a request it was given before.
  const build = getRequestListener((lazy, env) => {
    withRememberedUrl(lazy, (env as NodeEnv).incoming);
    return new Response(null);
  });
  await build(message(), new Outgoing() as unknown as ServerResponse);
  arrivedAsRequest();
});

describe('an ArrivedGet', () => {
  const arrived = (outgoing = new Outgoing()) =>
    new ArrivedGet(URL_OF, message(), outgoing as unknown as ServerResponse) as unknown as Request;

  it('is a web Request of its URL and Node’s headers, with no body', async () => {
    const request = arrived();
    expect(request).toBeInstanceOf(Request);
    expect([request.method, request.url, request.headers.get('user-agent')]).toEqual([
      'GET',
      URL_OF,
      'Test/1.0 (t@example.com)',
    ]);
    expect([request.body, request.bodyUsed, request.cache, request.redirect]).toEqual([
      null,
      false,
      'default',
      'follow',
    ]);
    expect(await request.text()).toBe('');
  });

  it('serves as another Request’s options and clones whole', () => {
    const request = arrived();
    // As a mount under a base path makes its Request (`core/http/mount.ts`).
    const moved = new Request('http://sleeve.test/genres', request);
    expect([moved.method, moved.headers.get('user-agent')]).toEqual(['GET', 'Test/1.0 (t@example.com)']);
    const clone = request.clone();
    expect([clone.url, clone.headers.get('host')]).toEqual([URL_OF, 'sleeve.test']);
  });

  it('aborts its signal when the client goes before the answer is written, and not after', () => {
    const early = new Outgoing();
    const left = arrived(early);
    early.emit('close');
    expect(left.signal.aborted).toBe(false);
    const cut = new Outgoing();
    const request = arrived(cut);
    const signal = request.signal;
    cut.emit('close');
    expect(signal.aborted).toBe(true);
    const done = new Outgoing();
    const answered = arrived(done);
    const kept = answered.signal;
    done.end('');
    done.emit('close');
    expect(kept.aborted).toBe(false);
  });
});

describe('a held answer', () => {
  const bytes = new TextEncoder().encode('{"ok":true}');
  const write = (answer: Response) => {
    const outgoing = new Outgoing();
    return [wroteHeld(answer, outgoing as unknown as ServerResponse), outgoing.written] as const;
  };

  it('is written as its parts when they tell their length', () => {
    const headers = { 'content-length': String(bytes.byteLength), 'X-Cache': 'HIT' };
    expect(write(new Response(bytes, { status: 200, headers }))).toEqual([true, [200, headers, bytes]]);
  });

  it('is left to @hono/node-server otherwise: no length, a string, a Headers, no body', () => {
    expect(write(new Response(bytes, { headers: { 'X-Cache': 'HIT' } }))[0]).toBe(false);
    expect(write(new Response('{}', { headers: { 'content-length': '2' } }))[0]).toBe(false);
    expect(write(new Response(bytes, { headers: new Headers({ 'content-length': '11' }) }))[0]).toBe(false);
    expect(write(new Response(null, { status: 304, headers: { 'content-length': '0' } }))[0]).toBe(false);
  });
});

describe('the listener', () => {
  /** A listener over `enter`, with `written` standing for @hono/node-server's, calling `fetch` as it does unless told not to. */
  function setup(answers: (Response | Promise<Response>)[]) {
    const entered: string[] = [];
    const handedOn: (Response | Promise<Response>)[] = [];
    const entry = nodeListener((request: Request, _env: NodeEnv) => {
      entered.push(`${request instanceof ArrivedGet ? 'arrived' : 'lazy'} ${request.url}`);
      return answers.shift()!;
    });
    let refuse = false;
    const written: RequestListener = (incoming, outgoing) => {
      if (refuse) return;
      const lazy = new Request(`http://sleeve.test${incoming.url}`);
      handedOn.push(entry.fetch(lazy, { incoming, outgoing }));
    };
    const listener = entry.listener(written);
    const ask = (target: string, method = 'GET') => {
      const outgoing = new Outgoing();
      listener(message(target, method), outgoing as unknown as ServerResponse);
      return outgoing;
    };
    return { entered, handedOn, ask, refusing: (on: boolean) => (refuse = on) };
  }
  const held = () => new Response(new Uint8Array(2), { headers: { 'content-length': '2', 'X-Cache': 'HIT' } });

  it('hands a GET of a known URL to core once, and writes its held answer itself', () => {
    const { entered, handedOn, ask } = setup([held(), held()]);
    const first = ask('/editorial/genres');
    expect(first.written?.[0]).toBe(200);
    expect(handedOn).toEqual([]);
    ask('/never/asked');
    expect(entered).toEqual([`arrived ${URL_OF}`, 'lazy http://sleeve.test/never/asked']);
  });

  it('hands any other answer on with the request, never asking core again, and gives it to no later request', async () => {
    const miss = Promise.resolve(new Response('{}'));
    const later = held();
    const { entered, handedOn, ask, refusing } = setup([miss, new Response('{}'), later]);
    ask('/editorial/genres');
    expect(handedOn).toEqual([miss]);
    // @hono/node-server refuses a request before asking for its answer: the answer is dropped.
    refusing(true);
    ask('/editorial/genres');
    refusing(false);
    ask('/other', 'POST');
    expect(handedOn.at(-1)).toBe(later);
    expect(entered).toHaveLength(3);
  });
});
