/**
 * @module
 * Answers a request from the recordings of that very request (same path, same query but for
 * `index`/`limit`). Paged lists are rebuilt from every recorded page of the list, so any
 * `index`/`limit` can be served; a page recorded exactly as asked is served byte-for-byte.
 */
import { isRecord, type Recording } from './fixtures.ts';
import { defaultLimit, page, pageRequest } from './paging.ts';

export interface RecordedAnswer {
  status: number;
  body: unknown;
  /** The recorded text, when the request was recorded exactly as asked. */
  text?: string;
}

/** One recorded page of a list, or the tracks a playlist body embeds (the list's first page). */
interface Page {
  recording?: Recording;
  index: number;
  items: unknown[];
  total: number;
  extra: Record<string, unknown>;
  /** How many items the page was asked for, when its `next` URL tells. */
  size?: number;
}

interface List {
  /** The items from index 0 up to the first position no recording covers. */
  items: unknown[];
  total: number;
  extra: Record<string, unknown>;
  defaultLimit: number;
  /** Recorded pages, by `index,limit`, served exactly. */
  exact: Map<string, Recording>;
}

/** What a request asks for apart from paging: the key recordings are grouped by. */
function requestKey(path: string, params: URLSearchParams): string {
  const rest = [...params]
    .filter(([name]) => name !== 'index' && name !== 'limit')
    .sort(([a], [b]) => a.localeCompare(b));
  return `${path}?${new URLSearchParams(rest).toString()}`;
}

export class RecordedAnswers {
  readonly #lists = new Map<string, List>();
  readonly #single = new Map<string, Recording[]>();

  constructor(recordings: readonly Recording[]) {
    const pages = new Map<string, Page[]>();
    const add = (key: string, one: Page): void => void pages.set(key, [...(pages.get(key) ?? []), one]);
    for (const recording of recordings) {
      const key = requestKey(recording.path, recording.params);
      const listed = listPage(recording);
      if (listed !== undefined) add(key, listed);
      else this.#single.set(key, [...(this.#single.get(key) ?? []), recording]);
    }
    // A playlist body embeds the start of its tracklist, in the order of /playlist/{id}/tracks
    // (with less of each artist: no pictures); it fills the pages nobody recorded.
    for (const recording of recordings) {
      const embedded = embeddedTracks(recording);
      if (embedded !== undefined) add(requestKey(`${recording.path}/tracks`, new URLSearchParams()), embedded);
    }
    for (const [key, group] of pages) this.#lists.set(key, mergePages(group, key.slice(0, key.indexOf('?'))));
  }

  answer(path: string, params: URLSearchParams): RecordedAnswer | undefined {
    const key = requestKey(path, params);
    const list = this.#lists.get(key);
    if (list !== undefined) {
      const at = pageRequest(path, params, list.defaultLimit);
      const exact = list.exact.get(`${at.index},${at.limit}`);
      if (exact !== undefined) return { status: exact.status, body: exact.body, text: exact.text };
      return { status: 200, body: page(list.items, list.total, at, list.extra) };
    }
    const candidates = this.#single.get(key);
    if (candidates === undefined) return undefined;
    // Lists Deezer does not page (no `total`) were sometimes recorded with and without
    // `index`; the exact request wins, else the plainest one.
    const recording =
      candidates.find((r) => r.params.toString() === params.toString()) ??
      candidates.find((r) => !r.params.has('index') && !r.params.has('limit')) ??
      candidates[0];
    return recording === undefined
      ? undefined
      : { status: recording.status, body: recording.body, text: recording.text };
  }
}

function listPage(recording: Recording): Page | undefined {
  const { body } = recording;
  if (!isRecord(body) || !Array.isArray(body['data']) || typeof body['total'] !== 'number') return undefined;
  const index = pageRequest(recording.path, recording.params).index;
  const next =
    typeof body['next'] === 'string'
      ? pageRequest(recording.path, new URL(body['next']).searchParams).index
      : undefined;
  const extra = typeof body['checksum'] === 'string' ? { checksum: body['checksum'] } : {};
  const one: Page = { recording, index, items: body['data'], total: body['total'], extra };
  if (next !== undefined) one.size = next - index;
  return one;
}

function embeddedTracks(recording: Recording): Page | undefined {
  const { body } = recording;
  if (!/^\/playlist\/\d+$/.test(recording.path) || !isRecord(body) || typeof body['nb_tracks'] !== 'number')
    return undefined;
  const tracks = body['tracks'];
  if (!isRecord(tracks) || !Array.isArray(tracks['data'])) return undefined;
  const extra = typeof tracks['checksum'] === 'string' ? { checksum: tracks['checksum'] } : {};
  return { index: 0, items: tracks['data'], total: body['nb_tracks'], extra };
}

/**
 * Pages of one list recorded on different days can disagree (Daft Punk had 32 releases in
 * 2022, 38 in 2026). Only pages that report the same `total` are merged, and a page that
 * puts another item where an earlier page already has one is left out; of the candidate
 * lists, the one covering most positions wins (then the larger total, i.e. the newer).
 */
function mergePages(group: readonly Page[], path: string): List {
  const byTotal = new Map<number, Page[]>();
  for (const one of group) byTotal.set(one.total, [...(byTotal.get(one.total) ?? []), one]);
  const candidates = [...byTotal.values()].map((pages) => mergeAgreeing(pages, path));
  candidates.sort((a, b) => b.items.length - a.items.length || b.total - a.total);
  return candidates[0] as List;
}

function mergeAgreeing(pages: readonly Page[], path: string): List {
  const slots: unknown[] = [];
  const kept: Page[] = [];
  for (const one of pages) {
    const clash = one.items.some(
      (item, i) => slots[one.index + i] !== undefined && idOf(slots[one.index + i]) !== idOf(item),
    );
    if (clash) continue;
    one.items.forEach((item, i) => {
      slots[one.index + i] ??= item;
    });
    kept.push(one);
  }
  let covered = 0;
  while (slots[covered] !== undefined) covered += 1;
  const sized = kept.find((one) => one.size !== undefined && one.recording?.params.has('limit') === false);
  const limit = sized?.size ?? defaultLimit(path);
  const exact = new Map<string, Recording>();
  for (const one of kept) {
    if (one.recording === undefined) continue;
    const at = pageRequest(one.recording.path, one.recording.params, limit);
    exact.set(`${at.index},${at.limit}`, one.recording);
  }
  return {
    items: slots.slice(0, covered),
    total: pages[0]?.total ?? 0,
    extra: kept.find((one) => Object.keys(one.extra).length > 0)?.extra ?? {},
    defaultLimit: limit,
    exact,
  };
}

function idOf(item: unknown): unknown {
  return isRecord(item) ? item['id'] : item;
}
