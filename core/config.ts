/**
 * @module
 * Configuration from environment variables (D1), validated with valibot. Pure: adapters pass
 * their runtime's environment in. A bad value raises a ConfigError whose message is the one
 * line start-up prints: the variable, what it accepts, and what it got.
 */
import * as v from 'valibot';
import type { SleeveOptions } from './options.ts';

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  readonly variable: string;
  constructor(variable: string, accepts: string, got: string) {
    super(`${variable} must be ${accepts} (got ${JSON.stringify(got)})`);
    this.variable = variable;
  }
}

const httpUrl = v.pipe(v.string(), v.url(), v.check((s) => /^https?:\/\//i.test(s)));

/** Each variable: its schema and the words that say what it accepts. */
const VARIABLES = {
  PORT: [v.pipe(v.string(), v.regex(/^\d{1,5}$/), v.transform(Number), v.integer(), v.minValue(0), v.maxValue(65535)), 'a port number from 0 to 65535'],
  SLEEVE_MODE: [v.picklist(['demo', 'live']), 'demo or live'],
  SLEEVE_BASE_URL: [httpUrl, 'an absolute http(s) URL such as https://music.example.com'],
  SLEEVE_DEEZER_URL: [httpUrl, 'an absolute http(s) URL'],
  /** D14: where Deezer's pictures are fetched from (default: Deezer's image host each picture names). */
  SLEEVE_DEEZER_IMAGES_URL: [httpUrl, 'an absolute http(s) URL'],
  SLEEVE_FEATURES_URL: [httpUrl, 'an absolute http(s) URL'],
  SLEEVE_AZURACAST_URL: [httpUrl, 'an absolute http(s) URL'],
  SLEEVE_STATION: [v.pipe(v.string(), v.regex(/^[a-z0-9_-]{1,64}$/i)), 'a station shortcode (letters, digits, - and _)'],
  SLEEVE_STORAGE: [v.pipe(v.string(), v.regex(/^(memory|fs:.+|rediss?:\/\/.+)$/)), 'memory, fs:<dir> or redis://host:port'],
  SLEEVE_CATALOG: [v.pipe(v.string(), v.minLength(1)), 'the path of a catalogue file'],
  SLEEVE_TRUST_PROXY: [v.pipe(v.picklist(['0', '1', 'true', 'false']), v.transform((s) => s === '1' || s === 'true')), '1 or 0'],
  SLEEVE_RATE_LIMITS: [
    v.union([v.literal('off'), v.pipe(v.string(), v.regex(/^\d+(\.\d+)?$/), v.transform(Number), v.minValue(0.01))]),
    'off, or a factor such as 100 that multiplies every limit',
  ],
  SLEEVE_COUNTRY_HEADERS: [
    v.pipe(v.string(), v.regex(/^[a-z0-9-]+(,[a-z0-9-]+)*$/i), v.transform((s) => s.split(','))),
    'a comma-separated list of header names',
  ],
} as const;

type Variables = typeof VARIABLES;
type Parsed = { [K in keyof Variables]?: v.InferOutput<Variables[K][0]> };

export interface EnvConfig {
  port: number;
  /** Where the adapter should read a catalogue file from, if anywhere. */
  catalogPath: string | undefined;
  options: SleeveOptions;
}

export function optionsFromEnv(env: Record<string, string | undefined>): EnvConfig {
  const parsed: Record<string, unknown> = {};
  for (const [name, [schema, accepts]] of Object.entries(VARIABLES)) {
    const raw = env[name];
    if (raw === undefined || raw === '') continue;
    const result = v.safeParse(schema as v.GenericSchema<string, unknown>, raw.trim());
    if (!result.success) throw new ConfigError(name, accepts, raw);
    parsed[name] = result.output;
  }
  const p = parsed as Parsed;
  return {
    port: p.PORT ?? 8787,
    catalogPath: p.SLEEVE_CATALOG,
    options: {
      mode: p.SLEEVE_MODE,
      baseUrl: p.SLEEVE_BASE_URL,
      storage: p.SLEEVE_STORAGE,
      trustProxy: p.SLEEVE_TRUST_PROXY,
      rateLimits: p.SLEEVE_RATE_LIMITS,
      countryHeaders: p.SLEEVE_COUNTRY_HEADERS,
      station: p.SLEEVE_STATION,
      upstreams: { deezer: p.SLEEVE_DEEZER_URL, features: p.SLEEVE_FEATURES_URL, azuracast: p.SLEEVE_AZURACAST_URL },
      deezer: p.SLEEVE_DEEZER_IMAGES_URL === undefined ? undefined : { imagesUrl: p.SLEEVE_DEEZER_IMAGES_URL },
    },
  };
}
