/**
 * @module
 * `sleeve/client`: a typed client for a Sleeve server, in the manner of Hono's `hc`.
 *
 * ```ts
 * import { createClient, SleeveApiError } from 'sleeve/client';
 *
 * const sleeve = createClient({ baseUrl: 'https://music.example.com', userAgent: 'MyApp/1.0 (you@example.com)' });
 * const { country, tracks } = await sleeve.track.hot.$get({ limit: 10 });
 * ```
 *
 * Its types come from the route table's declarations (`import type` only), its runtime is a
 * Proxy over `fetch`: it loads nothing of the server, so it runs in browsers, workers and any
 * runtime with `fetch`.
 */
import type { RouteTable } from './route-table.ts';
import type { Fetch } from './call.ts';
import { branch } from './proxy.ts';
import type { ClientOf } from './types.ts';
import { baseOf } from './url.ts';

export { SleeveApiError, type SleeveApiErrorCode } from './errors.ts';
export type {
  AnswerOf,
  BodyFor,
  CallOptions,
  ClientOf,
  GetMethods,
  ParamsFor,
  PostMethods,
  QueryValue,
  RouteType,
} from './types.ts';
export type { RouteTable } from './route-table.ts';
export type { Fetch } from './call.ts';

/** The client for this version of Sleeve's route table. */
export type SleeveClient = ClientOf<RouteTable>;

export interface ClientOptions {
  /** Where Sleeve answers, with the path it is mounted under or a version pin if any: `https://host/music`, `http://host/v2.5.0`. */
  baseUrl: string | URL;
  /** D2: your app and a contact e-mail, `MyApp/1.0 (you@example.com)`. Required: Sleeve answers 401 without one. */
  userAgent: string;
  /** What requests are sent with; default the global `fetch`. */
  fetch?: Fetch;
  /** Headers sent on every call. */
  headers?: HeadersInit;
}

/** The server's D2 check (`core/http/layers/user-agent.ts`), repeated so a missing contact fails here, not on every call. */
const EMAIL = /[^\s@<>()[\]"',;:]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/;

export function createClient(options: ClientOptions): SleeveClient {
  const { userAgent } = options;
  if (typeof userAgent !== 'string' || !EMAIL.test(userAgent)) {
    throw new TypeError(
      `sleeve/client: userAgent must name your app and a contact e-mail, such as "MyApp/1.0 (you@example.com)"; Sleeve answers 401 without one (got ${JSON.stringify(userAgent)})`,
    );
  }
  const base = baseOf(options.baseUrl);
  const headers = new Headers(options.headers);
  headers.set('user-agent', userAgent);
  // Browsers do not let a script set User-Agent (Chromium drops it), so the contact also goes
  // as Api-User-Agent, which Sleeve accepts in its place. Sent everywhere, not only in
  // browsers: elsewhere it costs a header, and sniffing for a browser (documents, workers,
  // webviews) is a guess that can be wrong. In a browser it makes requests preflighted,
  // which Sleeve answers and lets the browser keep for 24 h.
  headers.set('api-user-agent', userAgent);
  const fetcher: Fetch = options.fetch ?? ((input, init) => fetch(input, init));
  return branch({ fetch: fetcher, headers }, base, []) as SleeveClient;
}
