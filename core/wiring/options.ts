/**
 * @module
 * The typed options of `createSleeve` and their defaults. Adapters build these from the
 * environment (`core/wiring/config.ts`); embedders pass them directly.
 */
import type { UpgradeWebSocket } from 'hono/ws';
import type { Storage } from '../storage/storage.ts';
import type { CounterStore } from '../storage/counters.ts';
import type { Logger, RequestLogFormat } from '../logger.ts';
import type { DocsFiles } from '../installed/swagger-ui-dist.ts';
import type { CardFiles } from '../installed/card-files.ts';
import type { CardRenderer } from '../installed/card-renderer.ts';
import type { CatalogContents } from '../drivers/catalog/prepared.ts';
import type { DeezerOptions } from '../drivers/deezer/index.ts';
import type { FetchLike } from '../drivers/kit/index.ts';
import type { LinksOptions } from '../drivers/links/index.ts';
import type { AiOptions } from '../drivers/ai/index.ts';
import type { LrclibOptions } from '../drivers/lrclib/index.ts';
import type { WikimediaOptions } from '../drivers/wikimedia/index.ts';
import type { Drivers } from '../drivers/contracts/drivers.ts';
import type { ProcessMemory } from '../observe/metrics.ts';
import { resolveStatus, type ResolvedStatus, type StatusOptions } from '../status/options.ts';
import { cacheBytes, type CacheBytes } from '../storage/cache-bound.ts';
import { fsBytes } from '../storage/disk-bound.ts';
import { DEFAULT_BASE_URL as AZURACAST_URL } from '../drivers/azuracast/index.ts';
import { DEFAULT_BASE_URL as DEEZER_URL } from '../drivers/deezer/index.ts';
import { DEFAULT_BASE_URL as RECCOBEATS_URL } from '../drivers/reccobeats/index.ts';
import {
  resolveAddressing,
  type ClientAddressing,
  type ClientIpHeader,
  type TrustProxyOption,
} from './client-addressing.ts';

export type Mode = 'demo' | 'live';

export interface UpstreamUrls {
  /** Deezer API base (live mode). */
  deezer: string;
  /** ReccoBeats API base (live mode). */
  features: string;
  /** AzuraCast base (live mode). */
  azuracast: string;
}

export interface SleeveOptions {
  /** `demo` (default): embedded catalogue and simulated station, no network. `live`: real upstreams. */
  mode?: Mode;
  /** Replace any driver: tests, or an embedder with its own data. */
  sources?: Partial<Drivers>;
  /** An unstorage instance, or a spec: `memory` (default), `fs:<dir>`, `redis://…`. */
  storage?: Storage | string;
  /**
   * Where the rate limits and the upstream budgets count. Default: the storage's own
   * atomic counters (Redis, Deno KV), else this process's. An edge adapter passes a store that
   * instances share (the Workers adapter: a Durable Object).
   */
  counters?: CounterStore;
  /**
   * MiB this instance caches in its own memory (`SLEEVE_CACHE_MB`, default 64): the `memory`
   * storage's answers, plus half as much again for Deezer's pictures and a quarter for drawn
   * PNG cards (`core/storage/cache-bound.ts`). Not the demo catalogue, not the runtime itself.
   */
  cacheMb?: number;
  /**
   * MiB the `fs:<dir>` storage keeps on disk (`SLEEVE_FS_MB`, default 1024): past it, the entries
   * written longest ago go first; each entry's lifetime holds there too (D60).
   */
  fsMb?: number;
  /** The process's memory for `/metrics`, read at each scrape; the server adapters give it. */
  processMemory?: () => ProcessMemory;
  /** Public base for the links answers carry (covers, images, previews); default: each request's origin and `basePath`. */
  baseUrl?: string;
  /**
   * The path Sleeve is mounted under (`/music`) when a host app or proxy serves it below its
   * root: links in answers include it, and requests that still carry it are answered too.
   */
  basePath?: string;
  /** Multiplies every rate limit, or `off`. Default 1. */
  rateLimits?: number | 'off';
  /**
   * Which proxy in front names the client (`SLEEVE_TRUST_PROXY`, D54): `false` or `0` none
   * (default: forwarding headers are ignored), `true` or `1` the one proxy in front, a number of
   * hops, or the proxies' addresses and CIDRs (`'10.0.0.0/8,127.0.0.1'`, or a list; `loopback`
   * and `private` name those ranges), whose header counts only when the socket's peer is one of them.
   */
  trustProxy?: TrustProxyOption;
  /**
   * The one forwarding header a trusted proxy names the client in (`SLEEVE_CLIENT_IP_HEADER`):
   * `x-forwarded-for` (default), `forwarded`, `x-real-ip` or `cf-connecting-ip`. The others are ignored.
   */
  clientIpHeader?: ClientIpHeader;
  /** Bits of an IPv6 address that make one client for every per-client bound (`SLEEVE_IPV6_PREFIX`, default 64). */
  ipv6Prefix?: number;
  /**
   * Live mode's upstream call budgets (D13): `shared` (default) through the storage's counters,
   * so instances on one Redis share one budget (one egress IP); `instance`: each instance
   * counts its own in process, even with Redis (Vercel, or instances on several hosts, each
   * with its own IP). `SLEEVE_BUDGET_SCOPE`.
   */
  budgetScope?: BudgetSharing;
  /** Edge headers carrying the caller's country, first match wins. */
  countryHeaders?: string[];
  upstreams?: Partial<UpstreamUrls>;
  /** The radio station shortcode served by default. */
  station?: string;
  /**
   * A catalogue file's contents for demo mode (read by the adapter, never by core), or the
   * file prepared by `prepareCatalog`, which serves it without keeping the contents.
   */
  catalog?: CatalogContents;
  /** Unix milliseconds; injectable for tests. */
  now?: () => number;
  /** Where lines go (default: the console); a `request` method takes the request lines. */
  log?: Logger;
  /**
   * One line per request as `json`, `pretty`, or `off` (`SLEEVE_LOG`). Default `off` for
   * `createSleeve` (an embedder's host keeps its own log); `json` under the server adapters,
   * `sleeve/vercel` and the `sleeve` command.
   */
  requestLog?: RequestLogFormat;
  /**
   * Request lines for the endpoints operators' tools poll too (`SLEEVE_LOG_MONITORING`): the
   * probes, `/metrics`, `/status` and its feed, each declared `monitoring`. Default false: a
   * scrape every few seconds would be most of the log (D65).
   */
  logMonitoring?: boolean;
  /**
   * What errors and log lines name in place of an upstream's own setting, when something else set
   * its address: `{ SLEEVE_LRCLIB_URL: 'SLEEVE_UPSTREAMS' }` (`optionsFromEnv` fills it when
   * `SLEEVE_UPSTREAMS` did). Default: each upstream's own variable (D65).
   */
  upstreamSettings?: Readonly<Record<string, string>>;
  /** Serve `/metrics` (Prometheus) and count what it reports (`SLEEVE_METRICS`); default false. */
  metrics?: boolean;
  /** Serve `/status`, the operator's page, and sample its history (`SLEEVE_STATUS`, `SLEEVE_STATUS_TOKEN`); default off. */
  status?: boolean | StatusOptions;
  /**
   * The runtime's WebSocket upgrade for `/nowplaying/socket` (`hono/bun`, `hono/deno`,
   * `@hono/node-server`), given by the adapter so core imports no runtime module. Without it
   * the path still answers Server-Sent Events.
   */
  upgradeWebSocket?: UpgradeWebSocket<any>;
  /**
   * How a cache hit's answer is built, for the server that writes it (both answer the
   * same). `objects` (default): a new `Response` with one plain header object, which the
   * Node server writes without building a `Headers`. `clones`: a clone of the entry's template
   * `Response` with the per-request headers set on it, which Bun's and Deno's servers take
   * faster. The Bun and Deno adapters choose `clones`.
   */
  hitResponses?: 'objects' | 'clones';
  /**
   * The runtime ties what a request starts (timers, sockets, fetches) to that request and ends it
   * with it (workerd): then no request is served by work another began where that one may leave
   * first: each `/nowplaying/socket` client has a station feed of its own. The Workers adapter
   * sets it; default false (one feed per station for every client).
   */
  requestsApart?: boolean;
  /** How often `/nowplaying/socket` looks for a new song or listener count, in ms (default 2000). */
  radioPollMs?: number;
  /**
   * How long a `/healthz` upstream probe's result is shared by every caller, in ms (default 2000;
   * `SLEEVE_HEALTH_INTERVAL_MS`, D55): each upstream is probed at most once per interval. 0:
   * only callers arriving while a probe runs share it.
   */
  healthIntervalMs?: number;
  /** Open `/nowplaying/socket` clients (WebSocket and event stream) per client IP; more get 429 (default 10). */
  maxSocketsPerIp?: number;
  /** Open `/nowplaying/socket` clients in this process; more get 503 (default 1000). */
  maxSockets?: number;
  /** How long a request body (`/batch`) may take to arrive, in ms; later is 400 (default 10000). */
  bodyTimeoutMs?: number;
  /** The fetch live drivers call upstreams with (default: the runtime's). */
  fetch?: FetchLike;
  /**
   * Reads a file of swagger-ui-dist by name, for the `/docs` page. Default: the installed
   * package, through `node:fs` on first request. A runtime without `node:fs` (an edge worker)
   * passes its own (from a static host, a KV store), or `/docs` answers 503 `not_configured`.
   */
  docsFiles?: DocsFiles;
  /**
   * Reads resvg's WebAssembly module and the DejaVu Sans fonts by name, for PNG share
   * cards. Default: the installed packages, through `node:fs` on first use. Without them PNG
   * cards answer 503 `not_configured`; SVG cards need nothing.
   */
  cardFiles?: CardFiles;
  /**
   * What draws PNG cards (D53). Default: resvg on the thread that answers requests, at most 5
   * new cards a second; the server adapters (`serve()` on Node, Bun and Deno) give one that
   * draws on worker threads, and the budget grows with its threads (`cards/render-budget.ts`).
   */
  cardRenderer?: CardRenderer;
  /** The Deezer driver's options beyond its URL (live mode): country charts, page size, timeout. */
  deezer?: Omit<DeezerOptions, 'baseUrl'>;
  /** `/resolve`'s link metadata in live mode: each platform's base URL, optional Spotify credentials. */
  links?: LinksOptions;
  /** `/lyrics*` in live mode: the LRCLIB instance (`SLEEVE_LRCLIB_URL`), timeout, cache. */
  lrclib?: Omit<LrclibOptions, 'contact'>;
  /** `/artist/biography`, `/artist/knowledgebase` in live mode: Wikidata and Wikipedia bases, language, timeout, cache. */
  knowledge?: Omit<WikimediaOptions, 'contact'>;
  /**
   * The operator's e-mail or URL, sent in Sleeve's User-Agent to the upstreams that ask for a
   * contact (Wikimedia, LRCLIB; `SLEEVE_CONTACT`). Never a caller's address.
   */
  contact?: string;
  /**
   * An OpenAI-compatible chat model (`SLEEVE_AI_URL`, `SLEEVE_AI_KEY`, `SLEEVE_AI_MODEL`)
   * for `/chat`, `/assistant` and `/ai/*`, in either mode. Without it they answer 503 `not_configured`.
   */
  ai?: AiOptions;
  /**
   * Calls to the chat model per hour for the whole instance, on top of each client's budget
   * (`SLEEVE_AI_PER_HOUR`, default 200, D56): past it the AI routes answer 503 until the hour
   * ends. A cost ceiling, so `rateLimits` neither scales nor removes it; counted in `counters`,
   * so instances sharing them share it.
   */
  aiPerHour?: number;
}

/**
 * Who shares an upstream budget: every instance on the storage (`shared`), or each `instance` alone.
 * Its public names (`budgetScope`, `SLEEVE_BUDGET_SCOPE`) say scope; in the code a scope is a request's.
 */
type BudgetSharing = 'shared' | 'instance';

export interface ResolvedOptions {
  mode: Mode;
  baseUrl: string | undefined;
  /** `''` or `/music`: no trailing slash. */
  basePath: string;
  rateLimits: number | 'off';
  /** How a request's client is told: `trustProxy`, `clientIpHeader` and `ipv6Prefix`, checked. */
  clients: ClientAddressing;
  budgetScope: BudgetSharing;
  countryHeaders: string[];
  upstreams: UpstreamUrls;
  station: string | undefined;
  catalog: CatalogContents | undefined;
  /** A human name for the storage in use, for the start-up line and logs. */
  storageName: string;
  upgradeWebSocket: UpgradeWebSocket<any> | undefined;
  hitResponses: 'objects' | 'clones';
  radioPollMs: number;
  healthIntervalMs: number;
  requestsApart: boolean;
  maxSocketsPerIp: number;
  maxSockets: number;
  /** What `cacheMb` gives each in-process cache, in bytes. */
  cache: CacheBytes;
  /** What `fsMb` gives the `fs:` storage, in bytes. */
  fsBytes: number;
  bodyTimeoutMs: number;
  docsFiles: DocsFiles;
  cardFiles: CardFiles;
  cardRenderer: CardRenderer | undefined;
  deezer: Omit<DeezerOptions, 'baseUrl'>;
  links: LinksOptions;
  ai: AiOptions | undefined;
  aiPerHour: number;
  lrclib: Omit<LrclibOptions, 'contact'>;
  knowledge: Omit<WikimediaOptions, 'contact'>;
  contact: string | undefined;
  requestLog: RequestLogFormat;
  logMonitoring: boolean;
  upstreamSettings: Readonly<Record<string, string>>;
  metrics: boolean;
  status: ResolvedStatus | undefined;
}

/** Each driver's own default base, so each is written once, in its driver. */
const DEFAULT_UPSTREAMS: UpstreamUrls = {
  deezer: DEEZER_URL,
  features: RECCOBEATS_URL,
  azuracast: AZURACAST_URL,
};

const DEFAULT_COUNTRY_HEADERS: string[] = ['cf-ipcountry', 'x-vercel-ip-country'];

/**
 * What a platform gives Sleeve where its options do not: the storage a spec names, and the
 * readers of the `/docs` and card files. `createSleeve` gives a server's; a Worker its own.
 */
export interface Platform {
  /**
   * `maxBytes`: the `memory` storage's bound; `disk`: the `fs:` storage's (`maxBytes`) and the
   * clock its lifetimes run on (`now`), for a platform that has one.
   */
  storage(spec: string, maxBytes: number, disk?: { maxBytes: number; now: () => number }): Storage;
  docsFiles: DocsFiles;
  cardFiles: CardFiles;
}

export function resolveOptions(
  options: SleeveOptions,
  platform: Pick<Platform, 'docsFiles' | 'cardFiles'>,
): ResolvedOptions {
  const storage = options.storage ?? 'memory';
  return {
    mode: options.mode ?? 'demo',
    baseUrl: options.baseUrl?.replace(/\/+$/, ''),
    basePath: normalBasePath(options.basePath),
    rateLimits: options.rateLimits ?? 1,
    clients: resolveAddressing(options),
    budgetScope: options.budgetScope ?? 'shared',
    countryHeaders: (options.countryHeaders ?? DEFAULT_COUNTRY_HEADERS).map((h) => h.toLowerCase()),
    upstreams: { ...DEFAULT_UPSTREAMS, ...definedOnly(options.upstreams ?? {}) },
    station: options.station,
    catalog: options.catalog,
    storageName: typeof storage === 'string' ? storage.replace(/\/\/[^@/]*@/, '//***@') : 'custom',
    upgradeWebSocket: options.upgradeWebSocket,
    hitResponses: options.hitResponses ?? 'objects',
    radioPollMs: options.radioPollMs ?? 2000,
    healthIntervalMs: options.healthIntervalMs ?? 2000,
    requestsApart: options.requestsApart ?? false,
    maxSocketsPerIp: options.maxSocketsPerIp ?? 10,
    maxSockets: options.maxSockets ?? 1000,
    cache: cacheBytes(options.cacheMb),
    fsBytes: fsBytes(options.fsMb),
    bodyTimeoutMs: options.bodyTimeoutMs ?? 10_000,
    docsFiles: options.docsFiles ?? platform.docsFiles,
    cardFiles: options.cardFiles ?? platform.cardFiles,
    cardRenderer: options.cardRenderer,
    deezer: options.deezer ?? {},
    links: definedOnly(options.links ?? {}),
    ai: options.ai,
    aiPerHour: wholeAtLeastOne('aiPerHour', options.aiPerHour ?? AI_PER_HOUR),
    lrclib: definedOnly(options.lrclib ?? {}),
    knowledge: definedOnly(options.knowledge ?? {}),
    contact: options.contact,
    // Off for an embedder (D45): the server adapters and the `sleeve` command turn it on.
    requestLog: options.requestLog ?? 'off',
    logMonitoring: options.logMonitoring ?? false,
    upstreamSettings: options.upstreamSettings ?? {},
    metrics: options.metrics ?? false,
    status: resolveStatus(options.status),
  };
}

/**
 * The instance's model calls per hour when nothing sets it (D56): room for twenty clients'
 * whole `/ai/*` hour, and a bill an operator can predict (200 calls of a small model are
 * cents; of a large one, a few dollars an hour at most).
 */
export const AI_PER_HOUR: number = 200;

/** A count an embedder passes: a whole number of at least 1, else the error that says so. */
function wholeAtLeastOne(name: string, value: number): number {
  if (Number.isInteger(value) && value >= 1) return value;
  throw new Error(`[sleeve] ${name} ${JSON.stringify(value)} is not a whole number of at least 1`);
}

/** Drops undefined entries so that they do not override defaults when spread. */
function definedOnly<T extends object>(record: T): Partial<T> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** `music`, `/music/` and `/music` → `/music`; nothing or `/` → `''`. Refuses what no URL path holds. */
export function normalBasePath(path: string | undefined): string {
  const trimmed = (path ?? '').replace(/^\/+|\/+$/g, '');
  if (trimmed === '') return '';
  if (!/^[A-Za-z0-9._~!$&'()*+,;=:@%/-]+$/.test(trimmed) || trimmed.includes('//')) {
    throw new Error(`[sleeve] basePath ${JSON.stringify(path)} is not a URL path such as /music`);
  }
  return `/${trimmed}`;
}
