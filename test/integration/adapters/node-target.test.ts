/**
 * `adapters/node/target.ts`: the Node adapter's own check of a request's Host and target, whose Host
 * verdicts are remembered (issue #24). A remembered verdict must be the one a fresh parse gives,
 * for good and bad hosts alike, however many hosts were seen.
 */
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { targetProblem } from '../../../adapters/node/target.ts';

const ask = (host: string | undefined, url = '/healthz') =>
  targetProblem({ headers: { host }, url } as unknown as IncomingMessage);

describe('targetProblem', () => {
  it('accepts ordinary hosts, again and again', () => {
    for (let round = 0; round < 3; round++) {
      for (const host of [
        'localhost:8787',
        'api.example.com',
        'API.Example.com',
        '127.0.0.1',
        '[::1]:8787',
        'example.com:80',
      ])
        expect(ask(host)).toBeNull();
    }
  });

  it('refuses hosts that are none, the second time as the first', () => {
    for (let round = 0; round < 2; round++) {
      for (const host of ['evil.example:99999', '[::1', 'a@b', 'a b', 'a/b', '1.2.3'])
        expect(ask(host), host).toBe('The Host header is malformed.');
    }
  });

  it('keeps verdicts right past the number it remembers', () => {
    for (let i = 0; i < 300; i++) {
      expect(ask(`host${i}.example`)).toBeNull();
      expect(ask(`host${i}.example:7${i}0000`)).toBe('The Host header is malformed.');
    }
  });

  it('refuses a missing Host, a target that is no path, and a backslash before the query only', () => {
    expect(ask(undefined)).toBe('The request has no Host header.');
    expect(ask('localhost', '*')).toBe('The request target is not a path.');
    expect(ask('localhost', '/a\\b')).toBe('The request path holds a backslash.');
    expect(ask('localhost', '/a\\b?x=1')).toBe('The request path holds a backslash.');
    expect(ask('localhost', '/search/all?query=a\\b')).toBeNull();
  });
});
