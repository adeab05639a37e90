/**
 * @module
 * One declaration per endpoint: its path and aliases, and everything the HTTP frame needs to
 * wrap it (User-Agent exemption, rate limit, cache lifetime, parameter schema, batchability).
 * Routes declare; `core/app.ts` and the frame middleware read the declarations. Nothing about
 * an endpoint's policy lives anywhere else.
 */
import type { Context } from 'hono';
import type { GenericSchema } from 'valibot';
import type { Deps } from '../deps.ts';
import type { FrameApi } from './frame-api.ts';

/** Seconds to keep an answer, `forever` (spec: "indefinitely"), or `no-store` (never cached). */
export type CachePolicy = number | 'forever' | 'no-store';

export interface EndpointContext<P> {
  /** The parameters, already validated and typed by the endpoint's schema. */
  params: P;
  deps: Deps;
  request: Request;
  /** The Hono context, for the rare endpoint that needs headers or the raw query. */
  c: Context;
  /** The app itself, for `/batch` (set by `createApp`). */
  frame?: FrameApi;
  /** Says the answer left something out because an upstream failed: logged, and not cached. */
  degraded(reason: string): void;
  /** Says the answer is a not-found told in a 200 (D5): cached only as long as a 404 (D9). */
  notFound(): void;
}

export interface Endpoint<P = unknown> {
  /** The canonical path, e.g. `/track/hot`. Rate-limit buckets and cache keys use it. */
  path: `/${string}`;
  /** Other paths answering the same (spec §9: `/hot-tracks`); they share bucket and cache (D8). */
  aliases?: readonly `/${string}`[];
  method?: 'GET' | 'POST';
  /** D2: answered without a User-Agent (health, docs, images). */
  public?: boolean;
  /** Requests per minute per client (spec §8.1); absent means unlimited. */
  rateLimit?: number;
  /** Spec §8.4; absent means the response is not cached but may be stored by clients. */
  cache?: CachePolicy;
  /** Spec §4.6 rule 3: false for images, streams and /batch itself. Default true for GET. */
  batchable?: boolean;
  /**
   * D9: the cache key part for these params, when the default (trimmed, case-folded text,
   * sorted lists) is wrong for the endpoint: `/resolve` keyed on source, type and id, or
   * `/track/hot`, whose answer also depends on the caller's edge country header (D10).
   */
  cacheKey?(params: P, request: Request, deps: Deps): string;
  /**
   * Reads the query itself, for the rare endpoint whose callers write it their own way (the
   * cover proxy's chat-bot callers send raw `&` and `%`); default: the strict reader (D4).
   */
  readQuery?(url: string): Record<string, string>;
  /** Valibot schema over the query record (D4). */
  params?: GenericSchema<Record<string, unknown>, P>;
  /** Returns a JSON-serialisable body, or a whole Response (images, streams). */
  handle(ctx: EndpointContext<P>): unknown | Promise<unknown>;
}

/** Identity function that infers `P` from the schema, so handlers get typed params. */
export function defineEndpoint<P>(endpoint: Endpoint<P>): Endpoint<P> {
  return endpoint;
}
