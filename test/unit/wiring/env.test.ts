import { describe, expect, it } from 'vitest';
import { ConfigError, optionsFromEnv } from '../../../core/wiring/config.ts';

/** One bad value per variable, and the words its error must contain. */
const BAD: [variable: string, value: string, accepts: RegExp][] = [
  ['PORT', 'eighty', /port number/],
  ['PORT', '70000', /port number/],
  ['SLEEVE_MODE', 'production', /demo or live/],
  ['SLEEVE_BASE_URL', 'music.example.com', /absolute http\(s\) URL/],
  ['SLEEVE_BASE_URL', 'ftp://music.example.com', /absolute http\(s\) URL/],
  ['SLEEVE_BASE_PATH', '/mu sic', /URL path such as \/music/],
  ['SLEEVE_BASE_PATH', '/a//b', /URL path such as \/music/],
  ['SLEEVE_DEEZER_URL', 'not a url', /absolute http\(s\) URL/],
  ['SLEEVE_FEATURES_URL', 'localhost:9000', /absolute http\(s\) URL/],
  ['SLEEVE_AZURACAST_URL', '//radio', /absolute http\(s\) URL/],
  ['SLEEVE_STATION', 'my station!', /shortcode/],
  ['SLEEVE_STORAGE', 'postgres://db', /memory, fs:<dir>, redis:\/\/host:port, deno-kv or deno-kv:<path>/],
  ['SLEEVE_STORAGE', 'fs:', /memory, fs:<dir>, redis:\/\/host:port, deno-kv or deno-kv:<path>/],
  ['SLEEVE_TRUST_PROXY', 'yes', /0 \(none\), 1 \(the proxy in front\)/],
  ['SLEEVE_BUDGET_SCOPE', 'per-host', /shared or instance/],
  ['SLEEVE_BUDGET_SCOPE', 'Instance', /shared or instance/],
  ['SLEEVE_RATE_LIMITS', 'lots', /off, or a factor/],
  ['SLEEVE_RATE_LIMITS', '0', /off, or a factor/],
  ['SLEEVE_COUNTRY_HEADERS', 'cf ipcountry', /comma-separated list of header names/],
  ['SLEEVE_LOG', 'verbose', /json, pretty or off/],
  ['SLEEVE_LOG', 'JSON', /json, pretty or off/],
  // 'on' is on since issue #64: every switch takes 1/0, true/false, yes/no, on/off.
  ['SLEEVE_METRICS', 'enabled', /1 or 0/],
];

describe('configuration from the environment (D1)', () => {
  it('has defaults for everything', () => {
    const config = optionsFromEnv({});
    expect(config.port).toBe(8787);
    expect(config.catalogPath).toBeUndefined();
    expect(config.options.mode).toBeUndefined();
  });

  it('reads every variable', () => {
    const config = optionsFromEnv({
      PORT: '9000',
      SLEEVE_MODE: 'live',
      SLEEVE_BASE_URL: 'https://music.example.com',
      SLEEVE_BASE_PATH: '/music',
      SLEEVE_DEEZER_URL: 'http://127.0.0.1:7001',
      SLEEVE_FEATURES_URL: 'http://127.0.0.1:7002',
      SLEEVE_AZURACAST_URL: 'http://127.0.0.1:7003',
      SLEEVE_STATION: 'jazz_fm',
      SLEEVE_STORAGE: 'redis://localhost:6379',
      SLEEVE_CATALOG: '/data/catalog.json',
      SLEEVE_TRUST_PROXY: '1',
      SLEEVE_BUDGET_SCOPE: 'instance',
      SLEEVE_RATE_LIMITS: '100',
      SLEEVE_COUNTRY_HEADERS: 'CF-IPCountry,X-Country',
      SLEEVE_DEEZER_IMAGES_URL: 'http://127.0.0.1:7004',
      SLEEVE_SPOTIFY_URL: 'http://127.0.0.1:7005',
      SLEEVE_SPOTIFY_CLIENT_ID: 'client1234',
      SLEEVE_SPOTIFY_CLIENT_SECRET: 'secret1234',
      SLEEVE_ITUNES_URL: 'http://127.0.0.1:7006',
      SLEEVE_SHORT_LINKS_URL: 'http://127.0.0.1:7007',
      SLEEVE_MAX_SOCKETS_PER_IP: '5',
      SLEEVE_MAX_SOCKETS: '50',
      SLEEVE_LOG: 'pretty',
      SLEEVE_METRICS: '1',
    });
    expect(config).toEqual({
      port: 9000,
      catalogPath: '/data/catalog.json',
      options: {
        mode: 'live',
        baseUrl: 'https://music.example.com',
        basePath: '/music',
        storage: 'redis://localhost:6379',
        trustProxy: '1',
        budgetScope: 'instance',
        rateLimits: 100,
        countryHeaders: ['CF-IPCountry', 'X-Country'],
        station: 'jazz_fm',
        upstreams: {
          deezer: 'http://127.0.0.1:7001',
          features: 'http://127.0.0.1:7002',
          azuracast: 'http://127.0.0.1:7003',
        },
        deezer: { imagesUrl: 'http://127.0.0.1:7004' },
        links: {
          spotifyUrl: 'http://127.0.0.1:7005',
          spotifyClientId: 'client1234',
          spotifyClientSecret: 'secret1234',
          itunesUrl: 'http://127.0.0.1:7006',
          shortLinksUrl: 'http://127.0.0.1:7007',
        },
        maxSocketsPerIp: 5,
        maxSockets: 50,
        requestLog: 'pretty',
        metrics: true,
      },
    });
  });

  it('SLEEVE_LOG and SLEEVE_METRICS: unset leaves the defaults (json, no metrics) to createSleeve', () => {
    expect(optionsFromEnv({}).options).toMatchObject({ requestLog: undefined, metrics: undefined });
    expect(optionsFromEnv({ SLEEVE_LOG: 'off', SLEEVE_METRICS: 'false' }).options).toMatchObject({
      requestLog: 'off',
      metrics: false,
    });
  });

  it('treats an empty variable as unset', () => {
    expect(optionsFromEnv({ PORT: '', SLEEVE_MODE: '' }).port).toBe(8787);
  });

  it('accepts off and fractional rate-limit factors', () => {
    expect(optionsFromEnv({ SLEEVE_RATE_LIMITS: 'off' }).options.rateLimits).toBe('off');
    expect(optionsFromEnv({ SLEEVE_RATE_LIMITS: '0.5' }).options.rateLimits).toBe(0.5);
  });

  it.each(BAD)('%s=%j is refused with one line naming it', (variable, value, accepts) => {
    let error: unknown;
    try {
      optionsFromEnv({ [variable]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message.startsWith(`${variable} must be `)).toBe(true);
    expect(message).toMatch(accepts);
    expect(message).toContain(JSON.stringify(value));
    expect(message).not.toContain('\n');
  });
});
