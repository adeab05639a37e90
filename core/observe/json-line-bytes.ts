/**
 * @module
 * The `json` request log line written as bytes (`encodeJsonLine`), the way the servers' log writer takes
 * it: the same line as `jsonLine`'s text (`request-line.ts`), made for every request without
 * making that text. Apart from it because it changes for speed alone.
 */
import { pathStart } from '../utils/url-path.ts';
import type { RequestRecord } from '../logger.ts';
import { isPlainJson, jsonLine, MAX_LOGGED_PATH, tenthsOf, timePrefix } from './request-line.ts';

/** What a line may hold beyond its texts: names and punctuation, the time, the numbers. */
const LINE_FRAME = 200;

const encoder = new TextEncoder();
const bytes = (text: string) => encoder.encode(text);
/** The line's own pieces, as bytes: copied, they cost no look at a character. */
const TIME = '{"time":"',
  ID = bytes('Z","id":"'),
  METHOD = bytes('","method":"'),
  PATH = bytes('","path":"'),
  ROUTE = bytes('","route":"');
const STATUS = bytes('","status":'),
  MS = bytes(',"ms":'),
  CACHE = bytes(',"cache":"'),
  IP = bytes(',"ip":"'),
  UPSTREAM = bytes(',"upstream":');

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

/** `{"time":"` and the time's text up to its milliseconds, for the second it was made for. */
const head = Object.assign(new Kept(), { second: Number.NaN });
/** `","method":"…","path":"…","route":"…","status":…,"ms":`, by route: one per endpoint, bounded. */
const middles = new Map<string, Kept & { method: string; path: string; status: number }>();
const MAX_MIDDLES = 512;
/** `,"cache":"…","ip":"…","upstream":…}` and the newline, as last written. */
const tail = Object.assign(new Kept(), { cache: '' as string | undefined, ip: '' as string | undefined, upstream: -1 });

/**
 * `jsonLine(r)` and a newline, as UTF-8 into `out` from `at`: the end, or -1 when it may not fit
 * (never when `out` has 1 KiB to spare after it). The stdout writer encodes every request's
 * line this way: written from its record into bytes, a line needs no piece of text made, joined
 * or flattened, and most of it is copied from the last one (`Kept`). What is not
 * plain ASCII, or a number that is not a small integer or tenths, is left to `jsonLine`'s text:
 * it is rare (a cut path, an odd forwarded address), and the line the same.
 *
 * Written for JavaScriptCore as much as V8: small functions, no default parameter (they kept
 * Bun from optimising the loops: 3 times slower), every step passing -1 on.
 */
export function encodeJsonLine(r: RequestRecord, out: Uint8Array, at: number): number {
  const { id, method, url, route, cache, ip } = r;
  if (
    at +
      LINE_FRAME +
      id.length +
      method.length +
      Math.min(url.length, MAX_LOGGED_PATH) +
      route.length +
      (cache?.length ?? 0) +
      (ip?.length ?? 0) >
    out.length
  )
    return -1;
  const start = at;
  // A failure's line (its message may hold anything) takes the text's way: failures are the few.
  if (r.error !== undefined) return asText(r, out, start);
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
  const second = Math.floor(time / 1000);
  if (head.second !== second) {
    const text = bytes(`${TIME}${timePrefix(time)}`);
    head.second = second;
    head.keep(text, 0, text.length);
  }
  at = copy(head.bytes, out, at);
  const millis = Math.floor(time) - second * 1000;
  out[at] = 48 + ((millis / 100) | 0);
  out[at + 1] = 48 + (((millis / 10) | 0) % 10);
  out[at + 2] = 48 + (millis % 10);
  return at + 3;
}

/** From `","method":"` to `"ms":`, copied when the route's last line said the same. */
function middleInto(r: RequestRecord, out: Uint8Array, at: number): number {
  if (at < 0) return -1;
  const { method, url, route, status } = r;
  const path = pathStart(url);
  const kept = middles.get(route);
  if (kept !== undefined && kept.method === method && kept.status === status && pathIs(url, path, kept.path))
    return copy(kept.bytes, out, at);
  const from = at;
  at = copy(METHOD, out, at);
  at = ascii(method, out, at);
  at = copy(PATH, out, at);
  const pathFrom = at;
  at = pathInto(url, path, out, at);
  const pathTo = at;
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
  next.path = url.slice(path, path + pathTo - pathFrom);
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
    at = isPlainJson(ip) ? ascii(ip, out, at) : -1;
    at = byte(34 /* " */, out, at);
  }
  at = copy(UPSTREAM, out, at);
  at = digits(upstream, out, at);
  at = byte(125 /* } */, out, at);
  at = byte(10 /* \n */, out, at);
  if (at >= 0 && tail.keep(out, from, at)) {
    tail.cache = cache;
    tail.ip = ip;
    tail.upstream = upstream;
  }
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
  const tenth = tenthsOf(ms);
  if (tenth < 0) return -1;
  const whole = (tenth / 10) | 0;
  at = digits(whole, out, at);
  return tenth === whole * 10 ? at : byte(48 + tenth - whole * 10, out, byte(46 /* . */, out, at));
}
