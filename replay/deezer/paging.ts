/**
 * @module
 * Deezer's paging, as its recordings show it: `index`/`limit` in the query, answers shaped
 * `{ data, total, prev?, next? }`, and `next`/`prev` URLs that repeat the request's own query
 * with `index` moved to the end (`/search?q=Billy%20Jean&limit=4&index=5`).
 */
import { DEEZER_ORIGIN } from './fixtures.ts';

export interface PageRequest {
  path: string;
  params: URLSearchParams;
  index: number;
  limit: number;
}

/** Deezer's page size when the request names none; `/artist/{id}/top` answers 5, as recorded. */
export function defaultLimit(path: string): number {
  return /^\/artist\/[^/]+\/top$/.test(path) ? 5 : 25;
}

export function pageRequest(
  path: string,
  params: URLSearchParams,
  fallbackLimit: number = defaultLimit(path),
): PageRequest {
  return {
    path,
    params,
    index: count(params.get('index'), 0),
    limit: count(params.get('limit'), fallbackLimit) || fallbackLimit,
  };
}

/** Deezer reads an unusable number as its default rather than failing. */
function count(text: string | null, fallback: number): number {
  const value = Number(text ?? NaN);
  return Number.isInteger(value) && value >= 0 ? value : fallback;
}

/**
 * One page of `items`. `total` may exceed `items.length` when only part of a list was recorded:
 * the total stays as Deezer said it, and `next` stops where the recording stops, so a client
 * paging through `next` ends cleanly.
 */
export function page(
  items: readonly unknown[],
  total: number,
  at: PageRequest,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const body: Record<string, unknown> = { data: items.slice(at.index, at.index + at.limit), ...extra, total };
  if (at.index > 0) body['prev'] = pageUrl(at, Math.max(0, at.index - at.limit));
  if (at.index + at.limit < Math.min(items.length, total)) body['next'] = pageUrl(at, at.index + at.limit);
  return body;
}

function pageUrl(at: PageRequest, index: number): string {
  const query = [...at.params].filter(([name]) => name !== 'index' && name !== 'limit');
  const limit = at.params.get('limit');
  if (limit !== null) query.push(['limit', limit]);
  query.push(['index', String(index)]);
  return `${DEEZER_ORIGIN}${at.path}?${query.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&')}`;
}
