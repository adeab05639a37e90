/**
 * D30's variables: `SLEEVE_AI_URL` and `SLEEVE_AI_MODEL` together (plus `SLEEVE_AI_KEY` when
 * the model server wants one) become the `ai` option; half of the pair, or a key alone, stops
 * start-up with one line naming what is missing; a bad value names its variable. D56's
 * `SLEEVE_AI_PER_HOUR` becomes `aiPerHour` (200 when unset), a whole number of at least 1.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, optionsFromEnv } from '../../../core/wiring/config.ts';
import { resolveOptions } from '../../../core/wiring/options.ts';

describe('SLEEVE_AI_*', () => {
  it('become the ai option, the key only when given', () => {
    expect(
      optionsFromEnv({
        SLEEVE_AI_URL: 'https://api.openai.com/v1',
        SLEEVE_AI_MODEL: 'gpt-4o-mini',
        SLEEVE_AI_KEY: 'sk-abc123',
      }).options.ai,
    ).toEqual({ url: 'https://api.openai.com/v1', model: 'gpt-4o-mini', key: 'sk-abc123' });
    expect(
      optionsFromEnv({ SLEEVE_AI_URL: 'http://127.0.0.1:11434/v1', SLEEVE_AI_MODEL: 'llama3.1:8b' }).options.ai,
    ).toEqual({ url: 'http://127.0.0.1:11434/v1', model: 'llama3.1:8b' });
    expect(optionsFromEnv({}).options.ai).toBeUndefined();
    expect(optionsFromEnv({ SLEEVE_AI_URL: '', SLEEVE_AI_MODEL: '' }).options.ai).toBeUndefined();
  });

  it.each([
    [{ SLEEVE_AI_URL: 'https://api.openai.com/v1' }, 'SLEEVE_AI_MODEL'],
    [{ SLEEVE_AI_MODEL: 'gpt-4o-mini' }, 'SLEEVE_AI_URL'],
    [{ SLEEVE_AI_KEY: 'sk-abc123' }, 'SLEEVE_AI_URL'],
    [{ SLEEVE_AI_URL: 'ftp://x', SLEEVE_AI_MODEL: 'm' }, 'SLEEVE_AI_URL'],
    [{ SLEEVE_AI_URL: 'https://x.example/v1', SLEEVE_AI_MODEL: 'has space' }, 'SLEEVE_AI_MODEL'],
    [{ SLEEVE_AI_URL: 'https://x.example/v1', SLEEVE_AI_MODEL: 'm', SLEEVE_AI_KEY: 'two words' }, 'SLEEVE_AI_KEY'],
  ])('%j stops start-up naming %s', (env, variable) => {
    let error: unknown;
    try {
      optionsFromEnv(env);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe(variable);
    expect((error as ConfigError).message.split('\n')).toHaveLength(1);
  });
});

describe('SLEEVE_AI_PER_HOUR (D56)', () => {
  it('becomes the aiPerHour option, 200 when unset; an embedder gets the same default and check', () => {
    expect(optionsFromEnv({ SLEEVE_AI_PER_HOUR: '50' }).options.aiPerHour).toBe(50);
    expect(optionsFromEnv({}).options.aiPerHour).toBeUndefined();
    const files = {} as Parameters<typeof resolveOptions>[1];
    expect(resolveOptions({}, files).aiPerHour).toBe(200);
    expect(resolveOptions({ aiPerHour: 1 }, files).aiPerHour).toBe(1);
    for (const bad of [0, -5, 2.5, Number.NaN])
      expect(() => resolveOptions({ aiPerHour: bad }, files), String(bad)).toThrow(
        /aiPerHour .* whole number of at least 1/,
      );
  });

  it.each(['0', '-1', '2.5', 'off', 'lots'])('%s stops start-up naming it', (value) => {
    expect(() => optionsFromEnv({ SLEEVE_AI_PER_HOUR: value })).toThrow(
      new ConfigError(
        'SLEEVE_AI_PER_HOUR',
        'a whole number of at least 1 (model calls per hour for the whole instance)',
        value,
      ),
    );
  });
});
