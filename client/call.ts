/**
 * @module
 * One call: the request sent, the answer read. A 2xx JSON answer resolves to its parsed body;
 * any other 2xx or a 3xx resolves to the `Response` itself, which is what the declarations
 * call a medium (pictures, the preview's 302, the event stream, text pages). Redirects are
 * not followed (`redirect: 'manual'`), so `/track/preview` resolves to its 302 and the caller
 * reads `Location`: following it would download an MP3 nobody asked the client for. An error
 * answer rejects with a `SleeveApiError`; a network failure or an abort rejects as `fetch` did.
 */
import { apiErrorFrom } from './errors.ts';
import type { CallOptions } from './types.ts';

/** What the client calls to send a request: `fetch`, or a stand-in with its signature. */
export type Fetch = (input: string, init: RequestInit) => Promise<Response>;

export interface Sender {
  fetch: Fetch;
  /** Sent on every call (the User-Agent pair and the caller's own). */
  headers: Headers;
}

/**
 * `/healthz` answers 503 with the same health body when an upstream is down (D13), and `/readyz`
 * 503 with its readiness body while the instance drains (D55): that body is the answer a health
 * check asks for, so it resolves (read its `status`) instead of throwing. Only that body, told by
 * a field of its own: a 503 in the error shape (the connection cap) still throws.
 */
const ANSWERED_WHEN_UNAVAILABLE: Readonly<Record<string, string>> = { '/healthz': 'checks', '/readyz': 'storage' };

async function ownBody(res: Response, field: string): Promise<unknown> {
  const body: unknown = await res
    .clone()
    .json()
    .catch(() => undefined);
  return typeof body === 'object' && body !== null && field in body && !('error' in body) ? body : undefined;
}

const isJson = (res: Response) =>
  /^application\/([\w.+-]*\+)?json\s*(;|$)/i.test(res.headers.get('content-type') ?? '');

export async function send(
  sender: Sender,
  method: 'GET' | 'POST',
  url: URL,
  path: string,
  body: unknown,
  options: CallOptions = {},
): Promise<unknown> {
  const headers = new Headers(options.headers);
  for (const [name, value] of sender.headers)
    if (!headers.has(name) || /^(api-)?user-agent$/.test(name)) headers.set(name, value);
  const init: RequestInit = { method, headers, redirect: 'manual' };
  if (options.signal) init.signal = options.signal;
  if (method === 'POST') {
    headers.set('content-type', 'application/json');
    init.body = JSON.stringify(body);
  }
  const res = await sender.fetch(url.href, init);
  // A browser hands a manual redirect over opaque (status 0, no Location): still not an error.
  const passed = res.ok || res.type === 'opaqueredirect' || (res.status >= 300 && res.status < 400);
  if (passed) return res.ok && isJson(res) ? res.json() : res;
  const field = ANSWERED_WHEN_UNAVAILABLE[path];
  if (res.status === 503 && field !== undefined && isJson(res)) {
    const own = await ownBody(res, field);
    if (own !== undefined) return own;
  }
  throw await apiErrorFrom(res, url.href);
}
