/**
 * @module
 * Sleeve below a host's root (`basePath: '/music'`). A host that mounts it with Hono's `mount`
 * hands over the path without the prefix; a proxy or a catch-all route may not. Both work:
 * a request that still carries the prefix is answered as if it did not.
 */
import { pathStart } from '../url-path.ts';

/** The request as Sleeve's routes expect it; the same object when there is nothing to strip. */
export function unmounted(basePath: string): (request: Request) => Request {
  if (basePath === '') return (request) => request;
  return (request) => {
    const url = request.url;
    const start = pathStart(url);
    if (start === -1 || !url.startsWith(basePath, start)) return request;
    const rest = url.slice(start + basePath.length);
    if (rest !== '' && rest[0] !== '/' && rest[0] !== '?') return request; // `/musicals`, not ours
    const path = rest === '' || rest[0] === '?' ? `/${rest}` : rest;
    return new Request(url.slice(0, start) + path, request);
  };
}
