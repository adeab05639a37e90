import { describe, expect, it } from 'vitest';
import { runToExit, startChild } from '../../helpers/child-server.ts';
import { scriptCommand } from '../../helpers/scripts.ts';

// The real `npm start` entry, as a user runs it: a bad variable stops start-up with exit
// code 1 and one line naming it, never a stack trace.
const [bin, args] = scriptCommand('start');

describe('npm start', () => {
  it.each([
    ['SLEEVE_MODE', 'staging'],
    ['PORT', '-1'],
    ['SLEEVE_STORAGE', 'mongodb://x'],
    ['SLEEVE_CATALOG', '/no/such/catalogue.json'],
  ])('exits 1 with one line for %s=%s', async (variable, value) => {
    const { code, stdout, stderr } = await runToExit(bin, args, { [variable]: value });
    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^sleeve: ${variable} must be `));
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(stdout).toBe('');
  });

  it('prints one line with the URL, the mode and the storage', async () => {
    const server = await startChild(bin, args);
    try {
      expect(server.output()).toMatch(
        /^sleeve listening on http:\/\/localhost:\d+ \(demo mode, memory storage, node v\d+/,
      );
    } finally {
      await server.stop();
    }
  });
});
