/**
 * @module
 * Cache hits on Node, answered before `@hono/node-server` (issue #24). A hit is a few
 * microseconds of Sleeve's own work; building a web Request around the `IncomingMessage`,
 * a Response around the answer, and reading both back cost about a microsecond more, a sixth
 * of a hit. So a GET whose URL and headers are plain enough to read as they are is shown to the
 * hit path as a `RequestView` of the message itself, and a held answer's parts are written
 * straight to the response. Anything else (and anything the hit path does not answer, which it
 * decides before counting anything) goes on to `@hono/node-server`.
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AnswerParts, ConnInfo, HitLookup, RequestView, Sleeve } from '../../core/index.ts';

// What `@hono/node-server` takes as it is too (its own checks): a lower-case host with an
// optional port, and a path of plain characters without `.` or `..` segments. The URL is then
// the very string it would build, so cache keys, logs and the hit path's map see the same.
const PLAIN_HOST = /^[a-z0-9._-]+(?::\d{1,5})?$/;
const PLAIN_TARGET = /^\/[!#$&-;=?-[\]_a-z~]*$/;
const DOT_SEGMENT = /\/\.\.?(?:[/?#]|$)/;

/**
 * An `IncomingMessage` as the hit path reads it: Node's own header object, whose names are in
 * lower case as a `RequestView` is asked. A header sent twice reads as a web `Headers` would
 * read it (Node joins the values with ", "), but for `User-Agent`, of which Node keeps the
 * first: D2's check then sees part of what the frame would see, so the hit path may leave a
 * request to the frame, never answer one the frame would refuse.
 */
class MessageView implements RequestView {
  readonly method = 'GET';
  readonly url: string;
  readonly #raw: IncomingHttpHeaders;
  constructor(url: string, raw: IncomingHttpHeaders) {
    this.url = url;
    this.#raw = raw;
  }
  get headers(): this {
    return this;
  }
  get(name: string): string | null {
    const value = this.#raw[name];
    return typeof value === 'string' ? value : null;
  }
  has(name: string): boolean {
    return this.get(name) !== null;
  }
}

/** A plain request target and the URL built for it under one host. */
interface Plain {
  host: string;
  url: string;
}

/** Targets remembered (the most recent, none longer than a kilobyte): a flood of new ones only starts the map afresh. */
const REMEMBERED_TARGETS = 1024;
const REMEMBERED_LENGTH = 1024;

/** The target and host as a plain request's, or undefined when they are not plain enough to read as they are. */
function plainOf(host: string, target: string): Plain | undefined {
  if (!PLAIN_HOST.test(host) || !PLAIN_TARGET.test(target) || DOT_SEGMENT.test(target)) return undefined;
  return { host, url: `http://${host}${target}` };
}

function remember(answered: Map<string, Plain>, target: string, plain: Plain): void {
  if (answered.size >= REMEMBERED_TARGETS && !answered.has(target)) answered.delete(answered.keys().next().value!);
  answered.set(target, plain);
}

/** What the hit path found for a message it did not answer, for `fetch` to take on (`ConnInfo.sleeveLookup`). */
const asked = new WeakMap<IncomingMessage, HitLookup | false | undefined>();

/** What `nodeHits` left for this message, if it asked: the full frame takes it on, not asking again. */
export function askedBefore(incoming: IncomingMessage): HitLookup | false | undefined {
  return asked.get(incoming);
}

/** Writes an answer's parts as `@hono/node-server` writes a Response of them. */
function write(outgoing: ServerResponse, { status, headers, body }: AnswerParts, closing: boolean): void {
  if (closing) outgoing.shouldKeepAlive = false;
  if (body !== null && headers['Content-Length'] === undefined)
    headers['Content-Length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);
  outgoing.writeHead(status, headers);
  outgoing.end(body ?? undefined);
}

/**
 * The fast path: true when it answered (or is answering) the request. `closing()`: the server
 * is stopping, so an answer closes its connection (D34).
 */
export function nodeHits(
  sleeve: Sleeve,
  closing: () => boolean,
): (incoming: IncomingMessage, outgoing: ServerResponse) => boolean {
  // Targets answered here, with the URL built for them under their host: a hot one is neither
  // checked nor built again, and its URL, one string from one request to the next, is hashed
  // once for every map the hit path looks it up in (V8 keeps a string's hash).
  const answered = new Map<string, Plain>();
  return (incoming, outgoing) => {
    if (incoming.method !== 'GET') return false;
    const target = incoming.url ?? '';
    const headers = incoming.headers;
    const host = headers.host ?? '';
    const seen = answered.get(target);
    const plain = seen?.host === host ? seen : plainOf(host, target);
    if (plain === undefined) return false;
    const info: ConnInfo = { clientIp: incoming.socket.remoteAddress };
    const answer = sleeve.answerHit(new MessageView(plain.url, headers), info);
    if (answer === undefined) {
      asked.set(incoming, info.sleeveLookup);
      return false;
    }
    if (plain !== seen && target.length <= REMEMBERED_LENGTH) remember(answered, target, plain);
    if (answer instanceof Promise) {
      // A shared limiter (Redis) counts asynchronously; its failures are answered by the hit path itself.
      answer.then(
        (parts) => write(outgoing, parts, closing()),
        (error: unknown) => outgoing.destroy(error as Error),
      );
    } else write(outgoing, answer, closing());
    return true;
  };
}
