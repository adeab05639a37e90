/**
 * @module
 * Reading a catalogue file: split into lines (bytes or text, without decoding a huge file into
 * one string), parse each, validate it against its record schema (tracks first by hand,
 * `track-check.ts`). The first bad line stops the load with a CatalogError naming the line,
 * the record and the field.
 */
import * as v from 'valibot';
import { HeaderSchema, RECORD_SCHEMAS } from './file-schema.ts';
import type { CatalogData, CatalogRecord } from './format.ts';
import { checkedTrack } from './track-check.ts';

export class CatalogError extends Error {
  override readonly name = 'CatalogError';
}

/** Line numbers of each record, by kind and position, so later checks can name the line. */
export interface LineIndex {
  artist: number[];
  album: number[];
  track: number[];
  playlist: number[];
  chart: number[];
  genre: number[];
  newReleases: number[];
}

function describeIssue(where: string, issue: v.BaseIssue<unknown>): string {
  const path = v.getDotPath(issue);
  const got = JSON.stringify(issue.input)?.slice(0, 60) ?? 'nothing';
  const message = issue.message.replace(/^Invalid \w+: /, '');
  // valibot's own messages already say what they received; ours state the rule only.
  const said = message.includes('but received');
  return `${where}${path ? `, field ${path}` : ''}: ${message}${said ? '' : ` (got ${got})`}`;
}

function* lines(input: string | Uint8Array): Generator<string> {
  if (typeof input === 'string') {
    for (let start = 0; start < input.length; ) {
      const end = input.indexOf('\n', start);
      yield input.slice(start, end === -1 ? input.length : end);
      start = end === -1 ? input.length : end + 1;
    }
    return;
  }
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for (let start = 0; start < input.length; ) {
    const end = input.indexOf(10, start);
    yield decoder.decode(input.subarray(start, end === -1 ? input.length : end));
    start = end === -1 ? input.length : end + 1;
  }
}

/** A record through its valibot schema; the first issue stops the load, naming the line. */
function validated(
  schema: v.GenericSchema<unknown, CatalogRecord>,
  raw: unknown,
  n: number,
  type: string,
): CatalogRecord {
  const result = v.safeParse(schema, raw);
  const id = (raw as { id?: unknown }).id;
  if (!result.success)
    throw new CatalogError(
      describeIssue(`line ${n} (${type}${typeof id === 'number' ? ` ${id}` : ''})`, result.issues[0]),
    );
  return result.output;
}

export function parseCatalog(input: string | Uint8Array): { data: CatalogData; lines: LineIndex } {
  const data: Partial<CatalogData> & Omit<CatalogData, 'header'> = {
    genres: [],
    artists: [],
    albums: [],
    tracks: [],
    playlists: [],
    charts: [],
    newReleases: [],
  };
  const at: LineIndex = { artist: [], album: [], track: [], playlist: [], chart: [], genre: [], newReleases: [] };
  const lists = {
    genre: data.genres,
    artist: data.artists,
    album: data.albums,
    track: data.tracks,
    playlist: data.playlists,
    chart: data.charts,
  };
  let n = 0;
  for (const text of lines(input)) {
    n++;
    if (text.trim() === '') continue;
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (error) {
      throw new CatalogError(`line ${n}: not valid JSON (${(error as Error).message})`);
    }
    if (data.header === undefined) {
      const header = v.safeParse(HeaderSchema, raw);
      if (!header.success) throw new CatalogError(describeIssue(`line ${n} (header)`, header.issues[0]));
      data.header = header.output;
      continue;
    }
    const type = (raw as { type?: unknown } | null)?.type;
    const schema =
      typeof type === 'string' && Object.hasOwn(RECORD_SCHEMAS, type)
        ? RECORD_SCHEMAS[type as CatalogRecord['type']]
        : undefined;
    if (!schema)
      throw new CatalogError(
        `line ${n}: unknown record type ${JSON.stringify(type)} (expected ${Object.keys(RECORD_SCHEMAS).join(', ')})`,
      );
    const record = (type === 'track' ? checkedTrack(raw) : undefined) ?? validated(schema, raw, n, type as string);
    at[record.type].push(n);
    if (record.type === 'newReleases') data.newReleases.push(...record.albumIds);
    else (lists[record.type] as CatalogRecord[]).push(record);
  }
  if (data.header === undefined) throw new CatalogError('the file is empty: expected a header line first');
  return { data: data as CatalogData, lines: at };
}
