/**
 * @module
 * Endpoint-test client: one demo sleeve per test file (the catalogue itself is shared by the
 * process), requests with the contact User-Agent every route wants (D2), and helpers that
 * check a body against its response schema or an error against D3. Ids are never hard-coded:
 * tests discover them through `music` (the sleeve's own source) or through the API.
 */
import type * as v from 'valibot';
import { expect } from 'vitest';
import { createSleeve, type MusicDriver, type Sleeve, type SleeveOptions } from '../../../core/index.ts';
import { isMedia } from '../../../core/http/endpoint.ts';
import { endpointFinder } from '../../../core/http/find-endpoint.ts';
import { VERSION_PREFIX } from '../../../core/http/layers/version-prefix.ts';
import { endpoints } from '../../../core/routes/index.ts';
import { valid } from '../shape/valid.ts';
import { UA } from '../user-agent.ts';

export { UA };
const quiet = { info: () => {}, error: () => {} };

/** Rate limits off: a suite sends more than a minute's budget to some endpoints. */
export function makeSleeve(options: SleeveOptions = {}): Sleeve {
  return createSleeve({ rateLimits: 'off', log: quiet, ...options });
}

export const sleeve: Sleeve = makeSleeve();
export const music: MusicDriver = sleeve.deps.drivers.music;

export interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

const declared = endpointFinder(endpoints);

/** Every 2xx JSON answer must match the response schema its endpoint declares (and publishes). */
function checkDeclared(path: string, body: unknown): void {
  const endpoint = declared(new URL(path, 'http://x').pathname.replace(VERSION_PREFIX, '') || '/');
  if (endpoint && !isMedia(endpoint.response)) valid(endpoint.response, body);
}

export async function call(
  path: string,
  init: { sleeve?: Sleeve; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const res = await (init.sleeve ?? sleeve).fetch(
    new Request(`http://sleeve.test${path}`, { headers: { 'user-agent': UA, ...init.headers } }),
  );
  const type = res.headers.get('content-type') ?? '';
  const body = type.includes('json') ? await res.json() : await res.text();
  if (res.status < 300 && type.includes('json')) checkDeclared(path, body);
  return { status: res.status, headers: res.headers, body };
}

/** A 200 whose body matches `schema`; answers the body. */
export async function ok<T>(schema: v.GenericSchema<T>, path: string, init?: Parameters<typeof call>[1]): Promise<T> {
  const { status, body } = await call(path, init);
  expect(status, `${path} → ${JSON.stringify(body).slice(0, 300)}`).toBe(200);
  return valid(schema, body);
}

/** D3: an error of the given status and code; `param` when D4 names the parameter at fault. */
export async function fails(path: string, status: number, code: string, param?: string): Promise<void> {
  const { status: got, body } = await call(path);
  expect(got, `${path} → ${JSON.stringify(body).slice(0, 300)}`).toBe(status);
  expect(body.ok).toBe(false);
  expect(body.error.code).toBe(code);
  if (param) expect(body.error.param).toBe(param);
}

export const q = (params: Record<string, string | number | undefined>): string =>
  new URLSearchParams(
    Object.entries(params).flatMap(([k, val]) => (val === undefined ? [] : [[k, String(val)]])),
  ).toString();
