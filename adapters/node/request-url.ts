/**
 * @module
 * The URL of `@hono/node-server`'s lazy Request, one string per request target. It builds the
 * URL afresh for every request (`http://` + Host + target), a string core then hashes and
 * compares in each map it looks it up in (the hit path's, the cache's), and a hit looks it up
 * in several. For a target asked again under the same Host, the URL is the same: the string
 * built the first time is handed to core instead, its hash kept by V8 and equal to the maps'
 * keys at once. The old Node hit path kept the same memo (target to URL).
 */
import type { IncomingMessage } from 'node:http';
import { REMEMBERED_URL_LENGTH } from '../../core/http/query-memo.ts';
import { setBounded } from '../../core/utils/bounded-map.ts';
import { requestSlot } from './request-slot.ts';

/** A target's URL as built under one Host. */
interface Built {
  host: string;
  url: string;
}

/** Targets remembered (the most recent), each URL at most `REMEMBERED_URL_LENGTH`: a flood of new ones only starts the memo afresh. */
const REMEMBERED_TARGETS = 1024;
const built = new Map<string, Built>();

/**
 * The URL built before for this message's target under its Host, or undefined when none was:
 * the listener (`listener.ts`) then leaves the request to `@hono/node-server`, which builds it.
 */
export function rememberedUrl(incoming: IncomingMessage): string | undefined {
  const known = built.get(incoming.url ?? '');
  return known !== undefined && known.host === incoming.headers.host ? known.url : undefined;
}

/** Where `@hono/node-server`'s lazy Request keeps its URL; null: the memo is not used. */
const urlSlot = requestSlot((request) => request.url);

/**
 * The Request `@hono/node-server` made for `incoming`, its URL the one string built for its
 * target and Host. The URL is a function of the two alone (the scheme is always `http` here),
 * so the string is the very one it built, only not new.
 */
export function withRememberedUrl(request: Request, incoming: IncomingMessage): Request {
  const kept = urlSlot(request);
  if (kept === null) return request;
  const target = incoming.url ?? '';
  const host = incoming.headers.host ?? '';
  const slot = request as unknown as Record<symbol, string | undefined>;
  const url = slot[kept];
  // Not the lazy Request (the upgrade's is a web Request built whole): nothing to remember.
  if (typeof url !== 'string') return request;
  const known = built.get(target);
  if (known !== undefined && known.host === host) slot[kept] = known.url;
  // Bounded by the whole URL, not the target alone: its Host is the client's to make long.
  else if (url.length <= REMEMBERED_URL_LENGTH) setBounded(built, target, { host, url }, REMEMBERED_TARGETS);
  return request;
}
