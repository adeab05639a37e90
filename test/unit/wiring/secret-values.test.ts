/**
 * D61: start-up's one line for a bad value never prints a credential. A secret variable's bad
 * value is said by its shape (its length, a space), never its text; any other value is quoted
 * as it came, less a URL's userinfo.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, optionsFromEnv } from '../../../core/index.ts';
import { parseCommand } from '../../../adapters/cli/args.ts';
import { storageFromSpec } from '../../../core/storage/from-spec.ts';

const AI = { SLEEVE_AI_URL: 'https://x.example/v1', SLEEVE_AI_MODEL: 'm' };

function refusal(env: Record<string, string>): ConfigError {
  try {
    optionsFromEnv(env);
  } catch (thrown) {
    if (thrown instanceof ConfigError) return thrown;
    throw thrown;
  }
  throw new Error('start-up was not refused');
}

describe('a bad secret is refused by its shape, never its text', () => {
  it.each([
    ['SLEEVE_AI_KEY', { ...AI, SLEEVE_AI_KEY: 'sk-live-Abc123 Def456' }, '(got 21 characters, with a space)'],
    ['SLEEVE_STATUS_TOKEN', { SLEEVE_STATUS_TOKEN: 'short-s3cret' }, '(got 12 characters)'],
    [
      'SLEEVE_SPOTIFY_CLIENT_SECRET',
      { SLEEVE_SPOTIFY_CLIENT_SECRET: 'abc-s3cret-déf' },
      '(got 14 characters, with a character outside printable ASCII)',
    ],
  ])('%s', (variable, env, shape) => {
    const error = refusal(env);
    expect(error.variable).toBe(variable);
    expect(error.message.endsWith(shape)).toBe(true);
    expect(error.message).not.toContain('s3cret');
    expect(error.message).not.toContain('Abc123');
  });

  it("a URL's userinfo is never said, the rest of a non-secret value is", () => {
    const url = refusal({ ...AI, SLEEVE_AI_URL: 'ftp://llm-user:s3cret-pass@10.0.0.9/v1' });
    expect(url.message).toBe(
      'SLEEVE_AI_URL must be an absolute http(s) URL such as https://api.openai.com/v1 (got "ftp://***@10.0.0.9/v1")',
    );
    expect(refusal({ SLEEVE_MODE: 'lvie' }).message).toBe('SLEEVE_MODE must be demo or live (got "lvie")');
  });

  it("the command's --storage flag says a bad spec without its userinfo", () => {
    expect(() => parseCommand(['--storage', 'mysql://root:s3cret@db:3306'], {})).toThrow(
      /\(got "mysql:\/\/\*\*\*@db:3306"\)$/,
    );
  });

  it('a storage spec an embedder passes is refused without its userinfo', () => {
    expect(() => storageFromSpec('mysql://root:s3cret@db:3306')).toThrow(
      'unsupported storage "mysql://***@db:3306": use memory, fs:<dir>, redis://host:port, deno-kv or deno-kv:<path>',
    );
  });
});
