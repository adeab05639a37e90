/**
 * @module
 * The fetch every driver is given follows no redirect itself, whatever a driver asks: fetch's
 * own following goes wherever an upstream points, another port or address of Sleeve's own
 * network included (issue #61). A redirect is the kit's to follow, by hand, only within the
 * upstream's base (`redirects.ts`), or the driver's to read as an answer.
 */
import type { FetchLike } from './fetch-like.ts';

/** `fetch`, each request sent with `redirect: 'manual'`. */
export function manualRedirects(fetch: FetchLike): FetchLike {
  return (input, init) => fetch(input, { ...init, redirect: 'manual' });
}
