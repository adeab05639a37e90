/**
 * @module
 * One request's log line, as `SLEEVE_LOG` asks: `json` (one JSON object a line, for log
 * collectors) or `pretty` (`GET /search/all 200 3.1ms HIT`, for a terminal). Only what helps
 * an operator and tells nothing about the caller beyond what an access log always holds: no
 * header is read into it, and the path never carries the query string, whose values are the
 * caller's own search text (names, links). The endpoint's canonical `route` says which
 * endpoint answered, whatever alias or version prefix was asked.
 */

import { pathStart } from '../utils/url-path.ts';
import type { LoggedError, RequestLogFormat, RequestRecord } from '../logger.ts';

/** Paths longer than this are cut: a line stays short whatever a scanner sends. */
export const MAX_LOGGED_PATH = 512;

/** The path of an absolute URL as written (percent-encoding kept, so no control character), without query or fragment. */
export function rawPath(url: string): string {
  const start = pathStart(url);
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
export function timePrefix(ms: number): string {
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
  const tenths = tenthsOf(ms);
  if (tenths < 0) return `${ms}`;
  const whole = (tenths / 10) | 0;
  const digit = tenths - whole * 10;
  return digit === 0 ? `${whole}` : `${whole}.${digit}`;
}

/** `ms` in whole tenths (a small integer), or -1 when it is not whole tenths: then its text is the runtime's. */
export function tenthsOf(ms: number): number {
  const tenths = Math.round(ms * 10);
  return tenths >= 0 && tenths <= 0x7fffffff && tenths / 10 === ms ? tenths : -1;
}

/** Text JSON writes as it is: printable ASCII without `"` or `\\`. */
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;
export const isPlainJson = (text: string): boolean => PLAIN.test(text);
const jsonText = (text: string) => (PLAIN.test(text) ? `"${text}"` : JSON.stringify(text));

/**
 * `JSON.stringify(record)`, the same text, written field by field: it is made for every request,
 * and building it as one template costs a fraction of stringifying an object
 * (`request-line.test.ts` holds the two equal over what each field can hold). Only `ip` can hold
 * anything (a forwarded header's text), so it alone is tested and escaped: the tests were most
 * of a line's cost.
 */
export function jsonLine(r: RequestRecord): string {
  const cache = r.cache === undefined ? '' : `,"cache":"${r.cache}"`;
  const ip = r.ip === undefined ? '' : `,"ip":${jsonText(r.ip)}`;
  const error = r.error === undefined ? '' : `,"error":${errorJson(r.error)}`;
  return `{"time":"${isoTime(r.time)}","id":"${r.id}","method":"${r.method}","path":"${rawPath(r.url)}","route":"${r.route}","status":${r.status},"ms":${msText(r.ms)}${cache}${ip},"upstream":${r.upstream}${error}}`;
}

/** `{"code":…,"message":…}`: the code is an `ErrorCode` (plain), the message any text. */
const errorJson = ({ code, message }: LoggedError): string =>
  `{"code":"${code}"${message === undefined ? '' : `,"message":${jsonText(message)}`}}`;

/** The pretty line's end for a failure: ` upstream_error`, and its message when it has one. */
const errorText = (error: LoggedError | undefined): string =>
  error === undefined ? '' : ` ${error.code}${error.message === undefined ? '' : `: ${error.message}`}`;

/** The line for a record, in the format asked. */
export function formatter(format: Exclude<RequestLogFormat, 'off'>): (record: RequestRecord) => string {
  if (format === 'json') return jsonLine;
  return (r) =>
    `${r.method} ${rawPath(r.url)} ${r.status} ${r.ms.toFixed(1)}ms${r.cache ? ` ${r.cache}` : ''}${r.upstream > 0 ? ` upstream=${r.upstream}` : ''}${errorText(r.error)}`;
}
