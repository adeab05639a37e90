/**
 * @module
 * The loop `bench/entry/objects.ts` counts under callgrind: `count` cache hits' worth of the
 * objects an entry into core is handed and hands back, and nothing else, as one of two shapes:
 *
 * - `view`: what Node's adapter-known hit path built before issue #65: a view of Node's own
 *   message (its URL and header object) and the answer's parts as a plain object.
 * - `web`: what one `(Request) => Response` entry must build on Node at the least: the lazy
 *   Request `@hono/node-server` makes (nothing read until asked) and its lightweight Response of
 *   the same parts, the cheapest of each that Node has.
 *
 * Both copy the same header template and read back the same fields, so their difference is what
 * the two web objects cost a hit beyond a view and parts.
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';

const [count = 0, shape = 'view'] = [Number(process.argv[2]), process.argv[3]];
const URL_OF_HIT = 'http://localhost:8787/editorial/genres';
const message = {
  method: 'GET',
  url: '/editorial/genres',
  headers: { host: 'localhost:8787', 'user-agent': 'bench/1.0 (bench@example.com)' },
  rawHeaders: [],
  socket: {},
} as unknown as IncomingMessage;
const answerSink = { writeHead() {}, end() {}, on() {}, once() {} } as unknown as ServerResponse;

// The listener installs @hono/node-server's Request and Response as the globals (as `serve` does)
// and, asked once, shows the lazy Request it makes: its prototype and the slots it fills.
let made: Request | undefined;
await getRequestListener((request) => {
  made = request;
  return new Response(null, { status: 204 });
})(message, answerSink);
const lazy = Object.getPrototypeOf(made) as object;
const [messageSlot, methodSlot, urlSlot] = Object.getOwnPropertySymbols(made);
// Where its Response keeps the parts it is written from (`[status, body, headers]`).
const partsSlot = Object.getOwnPropertySymbols(new Response('', { headers: {} }))[0]!;

class MessageView {
  readonly method = 'GET';
  readonly url: string;
  readonly #raw: IncomingHttpHeaders;
  constructor(url: string, raw: IncomingHttpHeaders) {
    this.url = url;
    this.#raw = raw;
  }
  get(name: string): string | null {
    const value = this.#raw[name];
    return typeof value === 'string' ? value : null;
  }
}

const body = new Uint8Array(1640);
const template = {
  'X-Request-Id': '',
  'Content-Type': 'application/json',
  ETag: '"815509695b7e698c-19k"',
  'Cache-Control': 'public, max-age=31536000',
  'X-Cache': 'HIT',
};
// Each hit's objects are kept a while, as a server's are until written: unkept, the compiler
// would see they never leave the loop and not make them at all.
const kept: unknown[] = new Array(64).fill(null);
let read = 0;
for (let i = 0; i < count; i++) {
  const headers = { ...template };
  if (shape === 'web') {
    const request = Object.create(lazy) as Record<symbol, unknown> & Request;
    request[messageSlot!] = message;
    request[methodSlot!] = 'GET';
    request[urlSlot!] = URL_OF_HIT;
    read += request.url.length + request.method.length;
    const answer = new Response(body, { status: 200, headers }) as unknown as Record<symbol, [number]>;
    read += answer[partsSlot]![0];
    kept[i & 63] = request;
    kept[(i + 32) & 63] = answer;
  } else {
    const view = new MessageView(URL_OF_HIT, message.headers);
    read += view.url.length + view.method.length;
    const parts = { status: 200, headers, body };
    read += parts.status;
    kept[i & 63] = view;
    kept[(i + 32) & 63] = parts;
  }
}
// Printed so that no work above is dead code to the compiler.
console.log(read);
