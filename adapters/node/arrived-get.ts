/**
 * @module
 * A GET as core is handed it by the listener (`listener.ts`): a web Request that reads nothing
 * until asked. Its URL is the one built before for its target and Host (`request-url.ts`), its
 * headers are Node's own object (`message-headers.ts`), and it has no body. What a cache hit
 * asks (method, URL, a few headers) costs a field read; anything else a Request has (its
 * signal, its options, a clone, a read of its empty body) is there when asked, the signal
 * aborted as `@hono/node-server`'s is when the client goes before its answer is written, the
 * rest read from a whole web Request made then.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { MessageHeaders } from './message-headers.ts';

/** Why the signal is aborted: the client closed its connection before the answer was written. */
const CLOSED_EARLY = 'Client connection prematurely closed.';
/** The whole web Request of an `ArrivedGet` (a method no Request has, so no name of one is taken). */
const WHOLE = Symbol('whole');

export class ArrivedGet {
  readonly method = 'GET';
  readonly url: string;
  readonly headers: Headers;
  readonly body = null;
  readonly bodyUsed = false;
  readonly #outgoing: ServerResponse;
  #abort: AbortController | undefined;
  #whole: Request | undefined;
  constructor(url: string, incoming: IncomingMessage, outgoing: ServerResponse) {
    this.url = url;
    this.headers = new MessageHeaders(incoming) as unknown as Headers;
    this.#outgoing = outgoing;
  }
  get signal(): AbortSignal {
    if (this.#abort === undefined) {
      const abort = new AbortController();
      const outgoing = this.#outgoing;
      outgoing.once('close', () => {
        if (!outgoing.writableFinished) abort.abort(CLOSED_EARLY);
      });
      this.#abort = abort;
    }
    return this.#abort.signal;
  }
  /** The same request as a whole web Request, made the first time something only one can answer is asked. */
  [WHOLE](): Request {
    this.#whole ??= new Request(this.url, { headers: this.headers, signal: this.signal });
    return this.#whole;
  }
}

// Everything else a Request has, read from the whole one, as `@hono/node-server`'s lazy Request does.
for (const name of [
  'cache',
  'credentials',
  'destination',
  'integrity',
  'keepalive',
  'mode',
  'redirect',
  'referrer',
  'referrerPolicy',
] as const)
  Object.defineProperty(ArrivedGet.prototype, name, {
    get(this: ArrivedGet) {
      return this[WHOLE]()[name];
    },
  });
for (const name of ['clone', 'arrayBuffer', 'blob', 'formData', 'json', 'text'] as const)
  Object.defineProperty(ArrivedGet.prototype, name, {
    value(this: ArrivedGet) {
      return this[WHOLE]()[name]();
    },
  });

/**
 * A web Request to whoever checks (`instanceof`), as `@hono/node-server`'s lazy one is. Set when
 * the server is made: `@hono/node-server` puts its own `Request` in place of the global then.
 */
export function arrivedAsRequest(): void {
  if (!(Object.getPrototypeOf(ArrivedGet.prototype) === Request.prototype))
    Object.setPrototypeOf(ArrivedGet.prototype, Request.prototype);
}
