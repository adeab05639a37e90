/**
 * @module
 * The fetch the kit hands drivers when /metrics is on: each call counted on its upstream's host
 * before it is made. A request's own count (its log line) is the tally its scope hands each call
 * (`report-sent.ts`, `tally.ts`).
 */
import type { FetchLike } from './fetch-like.ts';

/** The host a call goes to: the `upstream` label of /metrics (bounded: the configured bases and a few fixed hosts). */
function hostOf(input: RequestInfo | URL): string {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return URL.parse(url)?.host ?? 'unknown';
}

/** `fetch`, telling `onCall` of each call's host first. */
export function countingFetch(fetch: FetchLike, onCall: (host: string) => void): FetchLike {
  return (input, init) => {
    onCall(hostOf(input));
    return fetch(input, init);
  };
}
