/**
 * @module
 * Reads the Deezer fixtures: every body listed in `test/fixtures/deezer/PROVENANCE.md`, with
 * the request URL and HTTP status it was recorded with. The provenance table is the only list
 * of fixtures, so a body cannot be served without saying where it came from.
 */
import { readFileSync } from 'node:fs';

export const FIXTURES_DIR: URL = new URL('../../test/fixtures/deezer/', import.meta.url);
export const PROVENANCE_FILE: URL = new URL('PROVENANCE.md', FIXTURES_DIR);
export const DEEZER_ORIGIN = 'https://api.deezer.com';

export interface Recording {
  /** Relative to the fixtures folder: `track-3135556.json`, `derived/album-999000040.json`. */
  file: string;
  /** Written by `replay/deezer/derive.ts` rather than recorded from Deezer. */
  derived: boolean;
  /** The request path as Deezer saw it: `/artist/27/albums`. */
  path: string;
  /** The request's query, without the redacted `access_token`. */
  params: URLSearchParams;
  status: number;
  /** When it was recorded (ms), when the table says; derived bodies have none. */
  recordedAt: number | undefined;
  /** The body byte-for-byte, so an exact request is answered exactly as Deezer did. */
  text: string;
  body: unknown;
}

/** A table row of PROVENANCE.md: file, request URL, HTTP status, then the date or the derivation. */
const ROW = /^\| `([^`]+\.json)` \| `https:\/\/api\.deezer\.com([^`]*)` \| (\d{3})\b[^|]*\| ([^|]*)\|/;

/** Query parameters that say who asked, not what: they never change Deezer's answer. */
const CREDENTIALS = ['access_token'];

export function loadRecordings(): Recording[] {
  const table = readFileSync(PROVENANCE_FILE, 'utf8');
  return table.split('\n').flatMap((line): Recording[] => {
    const row = ROW.exec(line);
    if (row === null) return [];
    const [, file = '', url = '', status = '', when = ''] = row;
    const request = new URL(url, DEEZER_ORIGIN);
    for (const name of CREDENTIALS) request.searchParams.delete(name);
    const text = readFileSync(new URL(file, FIXTURES_DIR), 'utf8');
    const derived = file.startsWith('derived/');
    return [
      {
        file,
        derived,
        path: request.pathname,
        params: request.searchParams,
        status: Number(status),
        recordedAt: derived ? undefined : recordedAt(when),
        text,
        body: JSON.parse(text) as unknown,
      },
    ];
  });
}

/** `2022-04-23T17:52:15+01:00`, `2019-02-12`, or `2025-02 (file committed …)`: the leading date. */
function recordedAt(cell: string): number | undefined {
  const date = /\d{4}-\d{2}(?:-\d{2}(?:T[\d:]+(?:[+-]\d{2}:\d{2}|Z)?)?)?/.exec(cell)?.[0];
  const ms = date === undefined ? NaN : Date.parse(date);
  return Number.isNaN(ms) ? undefined : ms;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
