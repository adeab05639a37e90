/**
 * @module
 * One request's log line (D20), as `SLEEVE_LOG` asks: `json` (one JSON object a line, for log
 * collectors) or `pretty` (`GET /search/all 200 3.1ms HIT`, for a terminal). Only what helps
 * an operator and tells nothing about the caller beyond what an access log always holds: no
 * header is read into it, and the path never carries the query string, whose values are the
 * caller's own search text (names, links). The endpoint's canonical `route` says which
 * endpoint answered, whatever alias or version prefix was asked.
 */

export type RequestLogFormat = 'json' | 'pretty' | 'off';

/**
 * What a line is made from, as the request left it: `jsonLine` writes it as text and
 * `encodeJsonLine` as bytes, the same line (`request-line.test.ts`). The time and the path are
 * turned into text only there, so a writer that encodes records itself never makes that text.
 * Every text but `ip` is JSON as it is, by where it comes from: both rely on that and escape
 * `ip` alone.
 */
export interface RequestRecord {
  /** Unix time in ms when the request arrived: the line's `time`, in ISO 8601. */
  time: number;
  /** Its `X-Request-Id`: well formed (`request-id.ts`), or one made here. */
  id: string;
  /** An HTTP method: a token, which holds no `"`, `\\` or control character (every runtime refuses others). */
  method: string;
  /**
   * The request's URL: the line's `path` is its path as the caller wrote it (still
   * percent-encoded), without query (`rawPath`). A `Request`'s URL is serialised by the URL
   * standard, so its path holds no `"`, `\\`, space or control character.
   */
  url: string;
  /** The endpoint's declared path, or `unmatched`. */
  route: string;
  status: number;
  /** Milliseconds until the response was ready (its body may stream longer), to 0.1. */
  ms: number;
  /** `X-Cache` (HIT, MISS, STALE), absent on endpoints that are not cached. */
  cache?: string;
  /** The client as the rate limit counts it (D8), absent when unknown: behind a trusted proxy, whatever its header said. */
  ip?: string;
  /** Upstream HTTP calls made for it (for `/batch`: by all its sub-requests). */
  upstream: number;
}

/** Paths longer than this are cut: a line stays short whatever a scanner sends. */
export const MAX_LOGGED_PATH = 512;

/** The path of an absolute URL as written (percent-encoding kept, so no control character), without query or fragment. */
export function rawPath(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start < 0) return '/';
  let end = url.length;
  for (let i = start; i < end; i++) {
    const ch = url.charCodeAt(i);
    if (ch === 63 /* ? */ || ch === 35 /* # */) end = i;
  }
  return end - start > MAX_LOGGED_PATH ? `${url.slice(start, start + MAX_LOGGED_PATH)}…` : url.slice(start, end);
}

/**
 * ISO 8601 of a Unix time in milliseconds, as `Date#toISOString` writes it. Formatting a Date
 * costs about half a microsecond, as much as the JSON of the whole line, so the text up to the
 * second is kept and only the milliseconds are written per line (requests come many a second).
 */
export function isoTime(ms: number): string {
  const prefix = timePrefix(ms);
  const millis = Math.floor(ms) - memo.second * 1000;
  return `${prefix}${millis < 10 ? '00' : millis < 100 ? '0' : ''}${millis}Z`;
}

/** The ISO text of `ms`'s second, up to its `.` (kept in `memo` with the second). */
function timePrefix(ms: number): string {
  const second = Math.floor(ms / 1000);
  if (second !== memo.second) {
    memo.second = second;
    memo.prefix = new Date(second * 1000).toISOString().slice(0, -4);
  }
  return memo.prefix;
}

const memo = { second: Number.NaN, prefix: '' };

/**
 * `JSON.stringify(ms)`, written from integers when `ms` is in tenths as lines keep them: the
 * shortest text of a fraction costs a runtime 30-70 ns, the digits of two integers a third.
 */
function msText(ms: number): string {
  const tenths = Math.round(ms * 10);
  if (!(tenths >= 0 && tenths <= 0x7fffffff && tenths / 10 === ms)) return `${ms}`;
  const whole = (tenths / 10) | 0;
  const digit = tenths - whole * 10;
  return digit === 0 ? `${whole}` : `${whole}.${digit}`;
}

/** Text JSON writes as it is: printable ASCII without `"` or `\\`. */
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;
const jsonText = (text: string) => (PLAIN.test(text) ? `"${text}"` : JSON.stringify(text));

/**
 * `JSON.stringify(record)`, the same text, written field by field: it is made for every request,
 * and building it as one template costs a fraction of stringifying an object (issue #22;
 * `request-line.test.ts` holds the two equal over what each field can hold). Only `ip` can hold
 * anything (a forwarded header's text), so it alone is tested and escaped: the tests were most
 * of a line's cost.
 */
export function jsonLine(r: RequestRecord): string {
  const cache = r.cache === undefined ? '' : `,"cache":"${r.cache}"`;
  const ip = r.ip === undefined ? '' : `,"ip":${jsonText(r.ip)}`;
  return `{"time":"${isoTime(r.time)}","id":"${r.id}","method":"${r.method}","path":"${rawPath(r.url)}","route":"${r.route}","status":${r.status},"ms":${msText(r.ms)}${cache}${ip},"upstream":${r.upstream}}`;
}

/** What a line may hold beyond its texts: names and punctuation, the time, the numbers. */
const LINE_FRAME = 200;

const encoder = new TextEncoder();
const bytes = (text: string) => encoder.encode(text);
/** The line's own pieces, as bytes: copied, they cost no look at a character. */
const TIME = '{"time":"', ID = bytes('Z","id":"'), METHOD = bytes('","method":"'), PATH = bytes('","path":"'), ROUTE = bytes('","route":"');
const STATUS = bytes('","status":'), MS = bytes(',"ms":'), CACHE = bytes(',"cache":"'), IP = bytes(',"ip":"'), UPSTREAM = bytes(',"upstream":');

/**
 * Parts of a line as last written, copied whole while what they say is the same. Most of a cache
 * hit's line is the same as the last one on its endpoint (its method, path, route and status; its
 * cache state, client and upstream count), and V8 copies bytes one by one at a third of
 * JavaScriptCore's speed: copied in one call, they cost Node 0.5 µs a hit less (wrk, /proc CPU).
 * Each keeps its bytes in a buffer of its own, rewritten in place when what it says changes, so
 * a stream of lines that differ allocates nothing; parts longer than it are not kept.
 */
class Kept {
  readonly buffer = new Uint8Array(PART_CAPACITY);
  /** The part's bytes (a view into `buffer`). */
  bytes = this.buffer.subarray(0, 0);
  /** Keeps what `out` holds from `from` to `to`; false when it is too long. */
  keep(out: Uint8Array, from: number, to: number): boolean {
    if (to - from > PART_CAPACITY) return false;
    this.buffer.set(out.subarray(from, to));
    this.bytes = this.buffer.subarray(0, to - from);
    return true;
  }
}
const PART_CAPACITY = 1024;

/** The time's text up to its milliseconds, after `{"time":"`, for the second `memo` holds. */
const head = Object.assign(new Kept(), { second: Number.NaN });
/** `","method":"…","path":"…","route":"…","status":…,"ms":`, by route: one per endpoint, bounded. */
const middles = new Map<string, Kept & { method: string; path: string; status: number }>();
const MAX_MIDDLES = 512;
/** `,"cache":"…","ip":"…","upstream":…}` and the newline, as last written. */
const tail = Object.assign(new Kept(), { cache: '', ip: '' as string | undefined, upstream: -1 });

/**
 * `jsonLine(r)` and a newline, as UTF-8 into `out` from `at`: the end, or -1 when it may not fit
 * (never when `out` has 1 KiB to spare after it). The stdout writer encodes every request's
 * line this way (issue #22): written from its record into bytes, a line needs no piece of text
 * made, joined or flattened, and most of it is copied from the last one (`Kept`). What is not
 * plain ASCII, or a number that is not a small integer or tenths, is left to `jsonLine`'s text:
 * it is rare (a cut path, an odd forwarded address), and the line the same.
 *
 * Written for JavaScriptCore as much as V8: small functions, no default parameter (they kept
 * Bun from optimising the loops: 3 times slower), every step passing -1 on.
 */
export function encodeJsonLine(r: RequestRecord, out: Uint8Array, at: number): number {
  const { id, method, url, route, cache, ip } = r;
  if (at + LINE_FRAME + id.length + method.length + Math.min(url.length, MAX_LOGGED_PATH) + route.length + (cache?.length ?? 0) + (ip?.length ?? 0) > out.length) return -1;
  const start = at;
  at = timeInto(r.time, out, at);
  at = copy(ID, out, at);
  at = ascii(id, out, at);
  at = middleInto(r, out, at);
  at = tenths(r.ms, out, at);
  at = tailInto(r, out, at);
  return at >= 0 ? at : asText(r, out, start);
}

function asText(r: RequestRecord, out: Uint8Array, at: number): number {
  const line = `${jsonLine(r)}\n`;
  const { read, written } = encoder.encodeInto(line, out.subarray(at));
  return read === line.length ? at + written : -1;
}

/** `{"time":"` and `isoTime(time)` but its `Z`. */
function timeInto(time: number, out: Uint8Array, at: number): number {
  const prefix = timePrefix(time);
  if (head.second !== memo.second) {
    head.second = memo.second;
    head.keep(bytes(`${TIME}${prefix}`), 0, TIME.length + prefix.length);
  }
  at = copy(head.bytes, out, at);
  const millis = Math.floor(time) - memo.second * 1000;
  out[at] = 48 + ((millis / 100) | 0);
  out[at + 1] = 48 + (((millis / 10) | 0) % 10);
  out[at + 2] = 48 + (millis % 10);
  return at + 3;
}

/** From `","method":"` to `"ms":`, copied when the route's last line said the same. */
function middleInto(r: RequestRecord, out: Uint8Array, at: number): number {
  if (at < 0) return -1;
  const { method, url, route, status } = r;
  const path = url.indexOf('/', url.indexOf('//') + 2);
  const kept = middles.get(route);
  if (kept !== undefined && kept.method === method && kept.status === status && pathIs(url, path, kept.path)) return copy(kept.bytes, out, at);
  const from = at;
  at = copy(METHOD, out, at);
  at = ascii(method, out, at);
  at = copy(PATH, out, at);
  const pathStart = at;
  at = pathInto(url, path, out, at);
  const pathEnd = at;
  at = copy(ROUTE, out, at);
  at = ascii(route, out, at);
  at = copy(STATUS, out, at);
  at = digits(status, out, at);
  at = copy(MS, out, at);
  if (at < 0 || path < 0) return at;
  if (kept === undefined && middles.size >= MAX_MIDDLES) middles.clear();
  const next = kept ?? Object.assign(new Kept(), { method, path: '', status });
  if (!next.keep(out, from, at)) return at;
  next.method = method;
  next.status = status;
  next.path = url.slice(path, path + pathEnd - pathStart);
  if (kept === undefined) middles.set(route, next);
  return at;
}

/** Whether `url`'s path, from `start`, is `path`. */
function pathIs(url: string, start: number, path: string): boolean {
  if (start < 0 || !url.startsWith(path, start)) return false;
  const end = start + path.length;
  return end === url.length || url.charCodeAt(end) === 63 /* ? */ || url.charCodeAt(end) === 35 /* # */;
}

/** From `,"cache"` to the newline, copied when the last line's said the same. */
function tailInto(r: RequestRecord, out: Uint8Array, at: number): number {
  if (at < 0) return -1;
  const { cache, ip, upstream } = r;
  if (tail.cache === cache && tail.ip === ip && tail.upstream === upstream) return copy(tail.bytes, out, at);
  const from = at;
  if (cache !== undefined) {
    at = copy(CACHE, out, at);
    at = ascii(cache, out, at);
    at = byte(34 /* " */, out, at);
  }
  if (ip !== undefined) {
    at = copy(IP, out, at);
    // The one text that may hold anything (a forwarded header's): escaped by jsonLine's way.
    at = PLAIN.test(ip) ? ascii(ip, out, at) : -1;
    at = byte(34 /* " */, out, at);
  }
  at = copy(UPSTREAM, out, at);
  at = digits(upstream, out, at);
  at = byte(125 /* } */, out, at);
  at = byte(10 /* \n */, out, at);
  if (at >= 0 && tail.keep(out, from, at)) Object.assign(tail, { cache, ip, upstream });
  return at;
}

/** A piece's bytes: one call copies them (`TypedArray#set`), where a loop costs V8 about a nanosecond a byte. */
function copy(piece: Uint8Array, out: Uint8Array, at: number): number {
  if (at < 0) return -1;
  out.set(piece, at);
  return at + piece.length;
}

function byte(value: number, out: Uint8Array, at: number): number {
  if (at < 0) return -1;
  out[at] = value;
  return at + 1;
}

/**
 * A text that is JSON as it is (by where it comes from: `RequestRecord`) written as ASCII; -1 for
 * one that is not ASCII, whose UTF-8 `jsonLine`'s text then gives.
 */
function ascii(text: string, out: Uint8Array, at: number): number {
  if (at < 0) return -1;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch > 0x7f) return -1;
    out[at + i] = ch;
  }
  return at + text.length;
}

/** `rawPath(url)`, whose path starts at `start` (or is missing), written as it goes; -1 for a path that is cut (it ends with `…`) or not ASCII. */
function pathInto(url: string, start: number, out: Uint8Array, at: number): number {
  if (at < 0) return -1;
  if (start < 0) return byte(47 /* / */, out, at);
  const end = Math.min(url.length, start + MAX_LOGGED_PATH);
  for (let i = start; i < end; i++) {
    const ch = url.charCodeAt(i);
    if (ch === 63 /* ? */ || ch === 35 /* # */) return at;
    if (ch > 0x7f) return -1;
    out[at++] = ch;
  }
  return end === url.length ? at : -1;
}

/** A non-negative integer's digits; -1 for any other number. */
function digits(n: number, out: Uint8Array, at: number): number {
  if (at < 0 || !(n >= 0 && n <= 0x7fffffff && (n | 0) === n)) return -1;
  const end = at + (n < 10 ? 1 : n < 100 ? 2 : n < 1000 ? 3 : n < 10_000 ? 4 : `${n}`.length);
  for (let i = end - 1, rest = n; i >= at; i--, rest = (rest / 10) | 0) out[i] = 48 + (rest % 10);
  return end;
}

/** `msText(ms)` written when it is whole tenths; -1 otherwise. */
function tenths(ms: number, out: Uint8Array, at: number): number {
  const tenth = Math.round(ms * 10);
  if (!(tenth >= 0 && tenth <= 0x7fffffff && tenth / 10 === ms)) return -1;
  const whole = (tenth / 10) | 0;
  at = digits(whole, out, at);
  return tenth === whole * 10 ? at : byte(48 + tenth - whole * 10, out, byte(46 /* . */, out, at));
}

/** The line for a record, in the format asked. */
export function formatter(format: Exclude<RequestLogFormat, 'off'>): (record: RequestRecord) => string {
  if (format === 'json') return jsonLine;
  return (r) => `${r.method} ${rawPath(r.url)} ${r.status} ${r.ms.toFixed(1)}ms${r.cache ? ` ${r.cache}` : ''}${r.upstream > 0 ? ` upstream=${r.upstream}` : ''}`;
}
