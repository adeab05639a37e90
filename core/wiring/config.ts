/**
 * @module
 * Configuration from environment variables, validated with valibot. Pure: adapters pass
 * their runtime's environment in. A bad value raises a ConfigError whose message is the one
 * line start-up prints: the variable, what it accepts, and what it got.
 */
import * as v from 'valibot';
import type { SleeveOptions } from './options.ts';
import { MAX_CACHE_MB, MIN_CACHE_MB } from '../storage/cache-bound.ts';
import { MAX_FS_MB, MIN_FS_MB } from '../storage/disk-bound.ts';
import { STATION_CODE } from '../domain/radio.ts';
import { CLIENT_IP_HEADERS, MAX_HOPS, parseTrust } from './client-addressing.ts';
import { SWITCH_ACCEPTS, switchWord } from './switch-words.ts';

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  readonly variable: string;
  /** `secret`: the value is a credential, said by its shape alone (`gotOf`). */
  constructor(variable: string, accepts: string, got: string, secret = false) {
    super(`${variable} must be ${accepts} (got ${gotOf(got, secret)})`);
    this.variable = variable;
  }
}

/**
 * What a bad value is said as in the one line start-up prints, which lands in a terminal, a
 * CI log or a platform's log viewer (D61): a secret by its shape alone (`41 characters, with a
 * space`), so a key pasted with a typo is never printed; any other value quoted, a URL's
 * userinfo (`redis://user:pass@…`) replaced by `***`.
 */
function gotOf(value: string, secret: boolean): string {
  if (!secret) return JSON.stringify(value.replace(/\/\/[^/?#@\s]*@/g, '//***@'));
  const notes = [
    /\s/.test(value) ? 'with a space' : '',
    /[^\x20-\x7e]/.test(value) ? 'with a character outside printable ASCII' : '',
  ].filter((note) => note !== '');
  return [`${value.length} character${value.length === 1 ? '' : 's'}`, ...notes].join(', ');
}

/** Marks a variable of the table below as a credential. */
const SECRET = 'secret';

const count = v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number), v.integer(), v.minValue(1));

/** A whole number from `min` to `max`, in at most `digits` digits alone (no sign, no exponent, no fraction). */
const wholeNumber = (min: number, max: number, digits = String(max).length) =>
  v.pipe(
    v.string(),
    v.regex(new RegExp(`^\\d{1,${digits}}$`)),
    v.transform(Number),
    v.integer(),
    v.minValue(min),
    v.maxValue(max),
  );

const flag = v.pipe(
  v.string(),
  v.check((s) => switchWord(s) !== undefined),
  v.transform((s) => switchWord(s)!),
);

const httpUrl = v.pipe(
  v.string(),
  v.url(),
  v.check((s) => /^https?:\/\//i.test(s)),
);

/**
 * Each variable: its schema, the words that say what it accepts, and `SECRET` for a credential,
 * whose bad value a ConfigError says by its shape, never its text (D61).
 */
const VARIABLES = {
  PORT: [wholeNumber(0, 65535), 'a port number from 0 to 65535'],
  SLEEVE_MODE: [v.picklist(['demo', 'live']), 'demo or live'],
  SLEEVE_BASE_URL: [httpUrl, 'an absolute http(s) URL such as https://music.example.com'],
  SLEEVE_BASE_PATH: [
    v.pipe(v.string(), v.regex(/^\/?[A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*\/?$/)),
    'a URL path such as /music',
  ],
  /** Every upstream under one base, each at its own path (`UPSTREAM_PATHS`): a replay's, offline. */
  SLEEVE_UPSTREAMS: [httpUrl, "an absolute http(s) URL such as http://127.0.0.1:8788 (the replay's)"],
  SLEEVE_DEEZER_URL: [httpUrl, 'an absolute http(s) URL'],
  /** Where Deezer's pictures are fetched from (default: Deezer's image host each picture names). */
  SLEEVE_DEEZER_IMAGES_URL: [httpUrl, 'an absolute http(s) URL'],
  // /resolve's link metadata (live mode): each platform's public endpoints, a replay's offline.
  SLEEVE_SPOTIFY_URL: [httpUrl, 'an absolute http(s) URL'],
  SLEEVE_SPOTIFY_API_URL: [httpUrl, 'an absolute http(s) URL'],
  SLEEVE_SPOTIFY_ACCOUNTS_URL: [httpUrl, 'an absolute http(s) URL'],
  SLEEVE_SPOTIFY_CLIENT_ID: [
    v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{8,128}$/)),
    'a Spotify client id (letters and digits)',
  ],
  SLEEVE_SPOTIFY_CLIENT_SECRET: [
    v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{8,128}$/)),
    'a Spotify client secret (letters and digits)',
    SECRET,
  ],
  SLEEVE_ITUNES_URL: [httpUrl, 'an absolute http(s) URL'],
  SLEEVE_YOUTUBE_URL: [httpUrl, 'an absolute http(s) URL'],
  SLEEVE_SOUNDCLOUD_URL: [httpUrl, 'an absolute http(s) URL'],
  SLEEVE_SHORT_LINKS_URL: [httpUrl, 'an absolute http(s) URL (a replay of short links; leave unset in production)'],
  SLEEVE_FEATURES_URL: [httpUrl, 'an absolute http(s) URL'],
  // Lyrics and artist knowledge (live mode), and the contact their User-Agent carries.
  SLEEVE_LRCLIB_URL: [httpUrl, 'an absolute http(s) URL (an LRCLIB instance)'],
  SLEEVE_WIKIPEDIA_URL: [httpUrl, 'an absolute http(s) URL such as https://en.wikipedia.org'],
  SLEEVE_WIKIDATA_URL: [httpUrl, 'an absolute http(s) URL such as https://www.wikidata.org'],
  SLEEVE_CONTACT: [
    v.pipe(v.string(), v.regex(/^[^\s()]{3,200}$/)),
    'an e-mail address or URL without spaces or parentheses',
  ],
  SLEEVE_AZURACAST_URL: [httpUrl, 'an absolute http(s) URL'],
  SLEEVE_STATION: [v.pipe(v.string(), v.regex(STATION_CODE)), 'a station shortcode (letters, digits, - and _)'],
  SLEEVE_STORAGE: [
    v.pipe(v.string(), v.regex(/^(memory|fs:.+|rediss?:\/\/.+|deno-kv|deno-kv:.+)$/)),
    'memory, fs:<dir>, redis://host:port, deno-kv or deno-kv:<path> (Deno)',
  ],
  /** What one process caches in its own memory, in MiB (`core/storage/cache-bound.ts`). */
  SLEEVE_CACHE_MB: [
    wholeNumber(MIN_CACHE_MB, MAX_CACHE_MB),
    `a whole number of MiB from ${MIN_CACHE_MB} to ${MAX_CACHE_MB}`,
  ],
  /** What the fs:<dir> storage keeps on disk, in MiB (`core/storage/disk-bound.ts`, D60). */
  SLEEVE_FS_MB: [wholeNumber(MIN_FS_MB, MAX_FS_MB), `a whole number of MiB from ${MIN_FS_MB} to ${MAX_FS_MB}`],
  SLEEVE_CATALOG: [v.pipe(v.string(), v.minLength(1)), 'the path of a catalogue file'],
  /** D54: which proxy names the client: none, a number of hops, or the proxies' addresses. */
  SLEEVE_TRUST_PROXY: [
    v.pipe(
      v.string(),
      v.check((s) => {
        try {
          parseTrust(s);
          return true;
        } catch {
          return false;
        }
      }),
    ),
    `0 (none), 1 (the proxy in front), a number of hops up to ${MAX_HOPS}, or the proxies' addresses and CIDRs such as 10.0.0.0/8,127.0.0.1 (loopback and private name those ranges)`,
  ],
  /** D54: the one forwarding header a trusted proxy names the client in. */
  SLEEVE_CLIENT_IP_HEADER: [
    v.pipe(
      v.string(),
      v.transform((s) => s.toLowerCase()),
      v.picklist(CLIENT_IP_HEADERS),
    ),
    'x-forwarded-for (default), forwarded, x-real-ip or cf-connecting-ip',
  ],
  /** Bits of an IPv6 address that make one client (`clientKey`). */
  SLEEVE_IPV6_PREFIX: [
    wholeNumber(1, 128),
    'a whole number of bits from 1 to 128 (an IPv6 client is its network of that prefix)',
  ],
  /** D13: instances on one Redis share one upstream budget (one egress IP), or each keeps its own. */
  SLEEVE_BUDGET_SCOPE: [v.picklist(['shared', 'instance']), 'shared or instance'],
  /** One line per request, and how. */
  SLEEVE_LOG: [v.picklist(['json', 'pretty', 'off']), 'json, pretty or off'],
  /** Request lines for the probes, /metrics and the status page too (D65). */
  SLEEVE_LOG_MONITORING: [flag, SWITCH_ACCEPTS],
  /** Serve /metrics. */
  SLEEVE_METRICS: [flag, SWITCH_ACCEPTS],
  /** Serve /status; with a token, only to requests carrying it. */
  SLEEVE_STATUS: [flag, SWITCH_ACCEPTS],
  SLEEVE_STATUS_TOKEN: [
    v.pipe(v.string(), v.regex(/^[\x21-\x7e]{16,200}$/)),
    '16 to 200 printable ASCII characters, no space',
    SECRET,
  ],
  SLEEVE_RATE_LIMITS: [
    v.union([v.literal('off'), v.pipe(v.string(), v.regex(/^\d+(\.\d+)?$/), v.transform(Number), v.minValue(0.01))]),
    'off, or a factor such as 100 that multiplies every limit',
  ],
  /** D55: how long /healthz shares an upstream probe's result (each upstream probed at most once per interval). */
  SLEEVE_HEALTH_INTERVAL_MS: [wholeNumber(0, 60_000, 6), 'a whole number of milliseconds from 0 to 60000'],
  SLEEVE_MAX_SOCKETS_PER_IP: [count, 'a whole number of at least 1 (open /nowplaying/socket clients per IP)'],
  SLEEVE_MAX_SOCKETS: [count, 'a whole number of at least 1 (open /nowplaying/socket clients in all)'],
  SLEEVE_COUNTRY_HEADERS: [
    v.pipe(
      v.string(),
      v.regex(/^[a-z0-9-]+(,[a-z0-9-]+)*$/i),
      v.transform((s) => s.split(',')),
    ),
    'a comma-separated list of header names',
  ],
  /** An OpenAI-compatible chat model for /chat, /assistant and /ai/* (the API base, before /chat/deferred answers). */
  SLEEVE_AI_URL: [httpUrl, 'an absolute http(s) URL such as https://api.openai.com/v1'],
  SLEEVE_AI_KEY: [
    v.pipe(v.string(), v.regex(/^[\x21-\x7e]{1,512}$/)),
    'an API key (printable characters, no spaces)',
    SECRET,
  ],
  SLEEVE_AI_MODEL: [v.pipe(v.string(), v.regex(/^[\x21-\x7e]{1,200}$/)), 'a model name such as gpt-4o-mini'],
  /** D56: the instance's model calls per hour, whatever the rate limits say. */
  SLEEVE_AI_PER_HOUR: [count, 'a whole number of at least 1 (model calls per hour for the whole instance)'],
} as const;

/**
 * Where each upstream is under `SLEEVE_UPSTREAMS`: the paths `npm run replay` serves them at
 * (`replay/mounts.ts`), so one variable points live mode at a replay and nothing else. A
 * variable of its own still wins for its upstream.
 */
const UPSTREAM_PATHS = {
  SLEEVE_DEEZER_URL: 'deezer',
  SLEEVE_DEEZER_IMAGES_URL: 'deezer-images',
  SLEEVE_FEATURES_URL: 'reccobeats',
  SLEEVE_AZURACAST_URL: 'azuracast',
  SLEEVE_LRCLIB_URL: 'lrclib',
  SLEEVE_WIKIDATA_URL: 'wikidata',
  SLEEVE_WIKIPEDIA_URL: 'wikipedia',
  SLEEVE_SPOTIFY_URL: 'spotify',
  SLEEVE_SPOTIFY_API_URL: 'spotify-api',
  SLEEVE_SPOTIFY_ACCOUNTS_URL: 'spotify-accounts',
  SLEEVE_ITUNES_URL: 'itunes',
  SLEEVE_YOUTUBE_URL: 'youtube',
  SLEEVE_SOUNDCLOUD_URL: 'soundcloud',
  SLEEVE_SHORT_LINKS_URL: 'short-links',
} as const;

/**
 * The upstreams `SLEEVE_UPSTREAMS` points somewhere (those without a variable of their own set),
 * each named by its own variable: errors and log lines name `SLEEVE_UPSTREAMS` in its place, the
 * setting the operator wrote (D65). Undefined when it is not set.
 */
function setByBase(set: Record<string, unknown>): Record<string, string> | undefined {
  if (set['SLEEVE_UPSTREAMS'] === undefined) return undefined;
  const under = Object.keys(UPSTREAM_PATHS).filter((variable) => set[variable] === undefined);
  return Object.fromEntries(under.map((variable) => [variable, 'SLEEVE_UPSTREAMS']));
}

/** Each upstream's URL under `base` (`UPSTREAM_PATHS`); nothing when no base is set. */
function underBase(base: string | undefined): Partial<Record<keyof typeof UPSTREAM_PATHS, string>> {
  if (base === undefined) return {};
  const root = base.replace(/\/+$/, '');
  return Object.fromEntries(Object.entries(UPSTREAM_PATHS).map(([variable, path]) => [variable, `${root}/${path}`]));
}

/** One line per variable a table declares: its name and what it accepts (the command's `--help`). */
export function describeVariables(table: VariableTable): [name: string, accepts: string][] {
  return Object.entries(table).map(([name, [, accepts]]) => [name, accepts]);
}

/** Sleeve's own variables, each with what it accepts, as `optionsFromEnv` reads them. */
export const ENV_VARIABLES: VariableTable = VARIABLES;

/** Variables by name, each with its schema and the words that say what it accepts. */
export type VariableTable = Readonly<
  Record<string, readonly [schema: v.GenericSchema<string, unknown>, accepts: string, kind?: typeof SECRET]>
>;

/** What `readVariables` gives for a table: each variable's parsed value, when set. */
export type Parsed<T extends VariableTable> = { [K in keyof T]?: v.InferOutput<T[K][0]> };

export interface EnvConfig {
  port: number;
  /** Where the adapter should read a catalogue file from, if anywhere. */
  catalogPath: string | undefined;
  options: SleeveOptions;
}

/** The set entries of a group of variables, or undefined when none is set. */
function present<T extends object>(group: T): Partial<T> | undefined {
  const set = Object.entries(group).filter(([, value]) => value !== undefined);
  return set.length === 0 ? undefined : (Object.fromEntries(set) as Partial<T>);
}

/**
 * The variables of `table` that `env` sets, each checked by its schema; an empty one counts
 * as unset. The first bad value throws the ConfigError that names it. The server adapters read
 * their own variables (`adapters/shared/serve-env.ts`) through this too, so every line reads alike.
 */
export function readVariables<T extends VariableTable>(table: T, env: Record<string, string | undefined>): Parsed<T> {
  const parsed: Record<string, unknown> = {};
  for (const [name, [schema, accepts, kind]] of Object.entries(table)) {
    const raw = env[name];
    if (raw === undefined || raw === '') continue;
    const result = v.safeParse(schema, raw.trim());
    if (!result.success) throw new ConfigError(name, accepts, raw, kind === SECRET);
    parsed[name] = result.output;
  }
  return parsed as Parsed<T>;
}

export function optionsFromEnv(env: Record<string, string | undefined>): EnvConfig {
  const set = readVariables(VARIABLES, env);
  const p = { ...underBase(set.SLEEVE_UPSTREAMS), ...set };
  // A model needs its URL and its name; a key alone, or half of the pair, is a mistake to say at start-up.
  if (
    (p.SLEEVE_AI_URL === undefined) !== (p.SLEEVE_AI_MODEL === undefined) ||
    (p.SLEEVE_AI_KEY !== undefined && p.SLEEVE_AI_URL === undefined)
  ) {
    const missing = p.SLEEVE_AI_URL === undefined ? 'SLEEVE_AI_URL' : 'SLEEVE_AI_MODEL';
    throw new ConfigError(
      missing,
      'set together with the other SLEEVE_AI_* variables (SLEEVE_AI_URL and SLEEVE_AI_MODEL; SLEEVE_AI_KEY when the server wants one)',
      '',
    );
  }
  return {
    port: p.PORT ?? 8787,
    catalogPath: p.SLEEVE_CATALOG,
    options: {
      mode: p.SLEEVE_MODE,
      baseUrl: p.SLEEVE_BASE_URL,
      basePath: p.SLEEVE_BASE_PATH,
      storage: p.SLEEVE_STORAGE,
      cacheMb: p.SLEEVE_CACHE_MB,
      fsMb: p.SLEEVE_FS_MB,
      trustProxy: p.SLEEVE_TRUST_PROXY,
      clientIpHeader: p.SLEEVE_CLIENT_IP_HEADER,
      ipv6Prefix: p.SLEEVE_IPV6_PREFIX,
      budgetScope: p.SLEEVE_BUDGET_SCOPE,
      rateLimits: p.SLEEVE_RATE_LIMITS,
      countryHeaders: p.SLEEVE_COUNTRY_HEADERS,
      station: p.SLEEVE_STATION,
      maxSocketsPerIp: p.SLEEVE_MAX_SOCKETS_PER_IP,
      maxSockets: p.SLEEVE_MAX_SOCKETS,
      healthIntervalMs: p.SLEEVE_HEALTH_INTERVAL_MS,
      upstreams: { deezer: p.SLEEVE_DEEZER_URL, features: p.SLEEVE_FEATURES_URL, azuracast: p.SLEEVE_AZURACAST_URL },
      deezer: p.SLEEVE_DEEZER_IMAGES_URL === undefined ? undefined : { imagesUrl: p.SLEEVE_DEEZER_IMAGES_URL },
      links: present({
        spotifyUrl: p.SLEEVE_SPOTIFY_URL,
        spotifyApiUrl: p.SLEEVE_SPOTIFY_API_URL,
        spotifyAccountsUrl: p.SLEEVE_SPOTIFY_ACCOUNTS_URL,
        spotifyClientId: p.SLEEVE_SPOTIFY_CLIENT_ID,
        spotifyClientSecret: p.SLEEVE_SPOTIFY_CLIENT_SECRET,
        itunesUrl: p.SLEEVE_ITUNES_URL,
        youtubeUrl: p.SLEEVE_YOUTUBE_URL,
        soundcloudUrl: p.SLEEVE_SOUNDCLOUD_URL,
        shortLinksUrl: p.SLEEVE_SHORT_LINKS_URL,
      }),
      lrclib: p.SLEEVE_LRCLIB_URL === undefined ? undefined : { baseUrl: p.SLEEVE_LRCLIB_URL },
      knowledge: present({ wikipediaUrl: p.SLEEVE_WIKIPEDIA_URL, wikidataUrl: p.SLEEVE_WIKIDATA_URL }),
      contact: p.SLEEVE_CONTACT,
      requestLog: p.SLEEVE_LOG,
      logMonitoring: p.SLEEVE_LOG_MONITORING,
      upstreamSettings: setByBase(set),
      metrics: p.SLEEVE_METRICS,
      status: p.SLEEVE_STATUS
        ? p.SLEEVE_STATUS_TOKEN === undefined
          ? true
          : { token: p.SLEEVE_STATUS_TOKEN }
        : undefined,
      ai:
        p.SLEEVE_AI_URL === undefined || p.SLEEVE_AI_MODEL === undefined
          ? undefined
          : {
              url: p.SLEEVE_AI_URL,
              model: p.SLEEVE_AI_MODEL,
              ...(p.SLEEVE_AI_KEY === undefined ? {} : { key: p.SLEEVE_AI_KEY }),
            },
      aiPerHour: p.SLEEVE_AI_PER_HOUR,
    },
  };
}
