/**
 * `SLEEVE_UPSTREAMS` (issue #44): one variable points live mode at a replay, every upstream
 * under its own path there, so nothing is asked of the real sites; a variable of its own still
 * wins for its upstream. The paths are the replay's own: started on one base, a Sleeve gets
 * what the replay's full list of variables would give it.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, optionsFromEnv } from '../../../core/wiring/config.ts';
import { replayOnLoopback } from '../../helpers/replay.ts';

/** Every URL string in the options, wherever it sits. */
function urlsIn(value: unknown): string[] {
  if (typeof value === 'string') return /^https?:\/\//.test(value) ? [value] : [];
  if (typeof value !== 'object' || value === null) return [];
  return Object.values(value).flatMap(urlsIn);
}

describe('SLEEVE_UPSTREAMS', () => {
  const replay = replayOnLoopback();

  it("gives the options the replay's full list of variables gives, nothing outside its base", () => {
    const one = optionsFromEnv({ SLEEVE_MODE: 'live', SLEEVE_UPSTREAMS: `${replay.url}/` }).options;
    const all = optionsFromEnv({ SLEEVE_MODE: 'live', ...replay.env }).options;
    // The same but for the setting errors name (D65): the one the operator set.
    const { upstreamSettings, ...addresses } = one;
    expect(addresses).toEqual(all);
    expect(Object.keys(upstreamSettings ?? {}).sort()).toEqual(Object.keys(replay.env).sort());
    expect(new Set(Object.values(upstreamSettings ?? {}))).toEqual(new Set(['SLEEVE_UPSTREAMS']));
    expect(urlsIn(one).length).toBe(Object.keys(replay.env).length);
    expect(urlsIn(one).filter((url) => !url.startsWith(`${replay.url}/`))).toEqual([]);
  });

  it('a variable of its own wins for its upstream; a bad base is named', () => {
    const options = optionsFromEnv({
      SLEEVE_UPSTREAMS: 'http://127.0.0.1:8788',
      SLEEVE_DEEZER_URL: 'http://mirror.test/deezer',
    }).options;
    expect(options.upstreams).toEqual({
      deezer: 'http://mirror.test/deezer',
      features: 'http://127.0.0.1:8788/reccobeats',
      azuracast: 'http://127.0.0.1:8788/azuracast',
    });
    expect(() => optionsFromEnv({ SLEEVE_UPSTREAMS: '127.0.0.1:8788' })).toThrow(ConfigError);
    expect(() => optionsFromEnv({ SLEEVE_UPSTREAMS: '127.0.0.1:8788' })).toThrow(
      /^SLEEVE_UPSTREAMS must be an absolute http\(s\) URL/,
    );
  });
});
