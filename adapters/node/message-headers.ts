/**
 * @module
 * A request's headers as core reads them on Node: Node's own header object, asked directly.
 * `@hono/node-server`'s lazy Request reads its headers through a view that checks each name
 * and, for the names Node does not join (`User-Agent`, `Content-Length`, ...), scans a copy of
 * the raw header list: a cache hit asks five or six names, every one of them on every hit. Here
 * a name asked in lower case is answered from Node's object (its one string, or none); any
 * other question (another name's case, a list, a change) goes to a web `Headers` of the raw
 * list, made when first needed.
 *
 * One difference, the one `@hono/node-server` scans for: a header Node does not join, sent
 * twice, reads as its first value, where a web `Headers` joins both. Node refuses a second
 * `Host` or `Content-Length` itself; for a second `User-Agent`, D2's check then reads the first.
 */
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { requestSlot } from './request-slot.ts';

/**
 * Whether a name is plain ASCII with no upper-case letter, as Node keeps every name. A hit asks
 * several names a request does not send (`If-None-Match`, `X-Request-Id`, ...): a `toLowerCase`
 * for each cost a hit some 3k instructions (callgrind), this loop a few dozen.
 */
function lowerCase(name: string): boolean {
  for (let i = 0; i < name.length; i++) {
    const code = name.charCodeAt(i);
    if ((code >= 65 && code <= 90) || code > 127) return false;
  }
  return true;
}

export class MessageHeaders {
  readonly #raw: IncomingHttpHeaders;
  readonly #incoming: IncomingMessage;
  #full: Headers | undefined;
  /** Once a header is added, set or deleted, Node's object no longer says what the view holds. */
  #changed = false;
  constructor(incoming: IncomingMessage) {
    this.#incoming = incoming;
    this.#raw = incoming.headers;
  }
  /**
   * What Node's object says of a name asked in lower case: its value when it holds one string,
   * null when it holds none (Node keeps every name in lower case), undefined for anything else
   * (a name in another case, `set-cookie`'s list, a name of `Object`'s prototype, any name once
   * the view was changed).
   */
  #plain(name: string): string | null | undefined {
    if (this.#changed) return undefined;
    const value = this.#raw[name];
    if (typeof value === 'string') return value;
    return value === undefined && lowerCase(name) ? null : undefined;
  }
  /** Every header as a web `Headers` would read them, made once, when first needed. */
  get #all(): Headers {
    if (this.#full === undefined) {
      const full = new Headers();
      const raw = this.#incoming.rawHeaders;
      for (let i = 0; i < raw.length; i += 2) if (!raw[i]!.startsWith(':')) full.append(raw[i]!, raw[i + 1]!);
      this.#full = full;
    }
    return this.#full;
  }
  get(name: string): string | null {
    const plain = this.#plain(name);
    return plain === undefined ? this.#all.get(name) : plain;
  }
  has(name: string): boolean {
    const plain = this.#plain(name);
    return plain === undefined ? this.#all.has(name) : plain !== null;
  }
  append(name: string, value: string): void {
    this.#changed = true;
    this.#all.append(name, value);
  }
  delete(name: string): void {
    this.#changed = true;
    this.#all.delete(name);
  }
  set(name: string, value: string): void {
    this.#changed = true;
    this.#all.set(name, value);
  }
  getSetCookie(): string[] {
    return this.#all.getSetCookie();
  }
  keys(): ReturnType<Headers['keys']> {
    return this.#all.keys();
  }
  values(): ReturnType<Headers['values']> {
    return this.#all.values();
  }
  entries(): ReturnType<Headers['entries']> {
    return this.#all.entries();
  }
  forEach(callback: (value: string, key: string, parent: Headers) => void, thisArg?: unknown): void {
    this.#all.forEach((value, key) => {
      callback.call(thisArg, value, key, this as unknown as Headers);
    });
  }
  // Spelled by `Headers`' own methods: Deno's types (`deno check` reaches this file) have no `HeadersIterator`.
  [Symbol.iterator](): ReturnType<Headers['entries']> {
    return this.entries();
  }
}
// A `Headers` to whoever checks (`instanceof`), as `@hono/node-server`'s own view is.
Object.setPrototypeOf(MessageHeaders.prototype, Headers.prototype);

/** Where `@hono/node-server`'s lazy Request keeps the headers its getter made; null: another version. */
const headersSlot = requestSlot((request) => request.headers);

/**
 * The Request `@hono/node-server` made for `incoming`, its headers read from `incoming` first.
 * Nothing else of it changes: its URL, body and signal are still made only when asked, and the
 * Request it builds when one is (a body, a signal) is built with these headers.
 */
export function withMessageHeaders(request: Request, incoming: IncomingMessage): Request {
  const kept = headersSlot(request);
  const headers = new MessageHeaders(incoming);
  if (kept === null) Object.defineProperty(request, 'headers', { value: headers });
  else (request as unknown as Record<symbol, MessageHeaders>)[kept] = headers;
  return request;
}
