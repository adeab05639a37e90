/**
 * @module
 * Sleeve below a host's root (`basePath: '/music'`). A host that mounts it with Hono's `mount`
 * hands over the path without the prefix; a proxy or a catch-all route may not. Both work:
 * a request that still carries the prefix is answered as if it did not. What Sleeve says
 * about a request (its log line, a 404's message) names the path the client sent, prefix and all.
 */
import { pathStart } from '../utils/url-path.ts';

/** The request as Sleeve's routes expect it; the same object when there is nothing to strip. */
export function unmounted(basePath: string): (request: Request) => Request {
  if (basePath === '') return (request) => request;
  return (request) => {
    const url = request.url;
    const start = pathStart(url);
    if (start === -1 || !carries(url, start, basePath)) return request; // `/musicals` is not ours
    const rest = url.slice(start + basePath.length);
    const path = rest === '' || rest[0] === '?' ? `/${rest}` : rest;
    return new Request(url.slice(0, start) + path, request);
  };
}

/**
 * The URL as the client sent it, for the request's log line: under `mount` Sleeve is handed
 * the path without `basePath`, which is put back; a URL that still carries it (a proxy, a
 * Hono `route`) is the same object.
 */
export function asSent(basePath: string): (url: string) => string {
  if (basePath === '') return (url) => url;
  return (url) => {
    const start = pathStart(url);
    return start === -1 || carries(url, start, basePath) ? url : url.slice(0, start) + basePath + url.slice(start);
  };
}

/** The path as the client sent it, for the messages that name it (`No endpoint at /music/nope`). */
export function pathAsSent(basePath: string, path: string): string {
  return basePath === '' || carries(path, 0, basePath) ? path : basePath + path;
}

/** Whether the path at `start` begins with the whole segment(s) of `basePath` (`/music/…`, not `/musicals`). */
function carries(text: string, start: number, basePath: string): boolean {
  if (!text.startsWith(basePath, start)) return false;
  const after = text[start + basePath.length];
  return after === undefined || after === '/' || after === '?';
}
