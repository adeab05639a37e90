/**
 * @module
 * What the flaky proxy (`flaky-proxy.ts`) sends instead of, or does to, the origin's answer:
 * the failures an operator meets between Sleeve and a real upstream. Pages a proxy, a CDN or
 * a maintenance window put in place of the answer; the upstream's own quota body; and the
 * real answer cut off, held back, dribbled, or replaced by one far too large to read whole.
 */
import { readFileSync } from 'node:fs';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { FIXTURES_DIR } from '../deezer/fixtures.ts';
import { HTTP_500 as NGINX_500 } from './faults.ts';

export type FlakyFault =
  | 'reset'
  | 'http500'
  | 'cdn502'
  | 'truncated'
  | 'notJson'
  | 'quota'
  | 'lateHeaders'
  | 'drip'
  | 'huge';

export const FLAKY_FAULTS: readonly FlakyFault[] = [
  'reset',
  'http500',
  'cdn502',
  'truncated',
  'notJson',
  'quota',
  'lateHeaders',
  'drip',
  'huge',
];

/** Runs `send` after `ms`, on a timer the proxy clears when it closes. */
export type Later = (ms: number, send: () => void) => void;

interface Page {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const html = { 'content-type': 'text/html; charset=utf-8' };

/** The nginx error page a reverse proxy sends when the app behind it fails. */
export const HTTP_500: Page = {
  status: 500,
  headers: { ...html, server: 'nginx' },
  body: NGINX_500,
};

/** A CDN's own page when the origin behind it does not answer (Cloudflare's wording and markers). */
export const CDN_502: Page = {
  status: 502,
  headers: { ...html, server: 'cloudflare', 'cf-ray': '8f3a1c2b9d4e5f60-CDG' },
  body:
    '<!DOCTYPE html>\n<html lang="en-US">\n<head><title>api.example.com | 502: Bad gateway</title></head>\n<body>\n' +
    '<div id="cf-error-details"><h1><span>Bad gateway</span> <span class="code-label">Error code 502</span></h1>\n' +
    '<p>The web server reported a bad gateway error.</p>\n' +
    '<p>Cloudflare Ray ID: <strong>8f3a1c2b9d4e5f60</strong> &bull; Performance &amp; security by Cloudflare</p></div>\n</body>\n</html>\n',
};

/** A 200 that is not the API at all: a maintenance page (or a captive portal) in its place. */
export const MAINTENANCE: Page = {
  status: 200,
  headers: html,
  body: '<!DOCTYPE html><html><head><title>Down for maintenance</title></head><body><h1>We will be back soon.</h1><p>Scheduled maintenance is under way.</p></body></html>',
};

/** Deezer's own "Quota limit exceeded" (code 4, HTTP 200), as recorded. */
export const DEEZER_QUOTA: Page = {
  status: 200,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body: readFileSync(new URL('error-quota-exceeded.json', FIXTURES_DIR), 'utf8').trim(),
};

export function send(response: ServerResponse, page: Page): void {
  if (response.destroyed) return;
  response.writeHead(page.status, { ...page.headers, 'content-length': Buffer.byteLength(page.body) });
  response.end(page.body);
}

/** Hop-by-hop headers belong to one connection, not to the request or answer: the proxy's own connections set them. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding']);

/** Headers as relayed, to the origin and back: without the hop-by-hop ones. */
export function passed(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));
}

/** The origin's answer as it came. */
export function relay(answer: IncomingMessage, response: ServerResponse): void {
  if (response.destroyed) return void answer.destroy();
  response.writeHead(answer.statusCode ?? 502, passed(answer.headers));
  answer.pipe(response);
}

/** The whole body, then `done`; an answer that fails midway takes the response down with it. */
function collect(answer: IncomingMessage, response: ServerResponse, done: (body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  answer.on('data', (chunk: Buffer) => chunks.push(chunk));
  answer.once('end', () => done(Buffer.concat(chunks)));
  answer.once('error', () => response.destroy());
}

/** The real headers (Content-Length of the whole body), half the body, then the socket destroyed. */
export function truncated(answer: IncomingMessage, response: ServerResponse): void {
  collect(answer, response, (body) => {
    if (response.destroyed) return;
    response.writeHead(answer.statusCode ?? 200, { ...passed(answer.headers), 'content-length': body.length });
    response.write(body.subarray(0, Math.floor(body.length / 2)), () => response.destroy());
  });
}

/** Between two writes of a dribbled body. */
const DRIP_TICK_MS = 20;

/** The real headers at once, then the body a few bytes every `DRIP_TICK_MS`, the last ones `dripMs` later. */
export function drip(answer: IncomingMessage, response: ServerResponse, dripMs: number, later: Later): void {
  if (response.destroyed) return void answer.destroy();
  response.writeHead(answer.statusCode ?? 200, passed(answer.headers));
  response.flushHeaders();
  collect(answer, response, (body) => {
    const steps = Math.max(1, Math.floor(dripMs / DRIP_TICK_MS));
    const size = Math.max(1, Math.ceil(body.length / steps));
    const step = (at: number): void => {
      if (response.destroyed) return;
      if (at >= body.length) return void response.end();
      response.write(body.subarray(at, at + size));
      later(DRIP_TICK_MS, () => step(at + size));
    };
    later(DRIP_TICK_MS, () => step(0));
  });
}

const HUGE_BYTES = 40 * 1024 * 1024;
/** One listing item, repeated: valid JSON all the way, so only its size is wrong. */
const ITEM = '{"id":1,"title":"padding padding padding padding"},';
const CHUNK = Buffer.from(ITEM.repeat(Math.floor(65_536 / ITEM.length)));
const HEAD = '{"data":[';
const TAIL = '{}]}';

/**
 * 200 `application/json` of at least 40 MiB, with no Content-Length (a client must count what
 * it reads), written one repeated chunk at a time as the client takes it; stops if it leaves.
 */
export function huge(response: ServerResponse): void {
  if (response.destroyed) return;
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  let left = Math.ceil(HUGE_BYTES / CHUNK.length);
  const pump = (): void => {
    while (left > 0) {
      if (response.destroyed) return;
      left--;
      if (!response.write(CHUNK)) return void response.once('drain', pump);
    }
    response.end(TAIL);
  };
  response.write(HEAD);
  pump();
}
