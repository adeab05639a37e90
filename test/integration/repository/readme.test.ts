/**
 * The README's commands, run as a newcomer runs them from a fresh clone (issue #44), so the
 * README cannot drift from what works: its first block starts the demo catalogue and its curl
 * gets an answer; its replay block starts the replay and, with the one variable it shows, a live
 * Sleeve whose first answer comes from the replay. Ports are the machine's free ones, not the
 * README's 8787 and 8788 (tests run side by side); `npm ci` is the install this run already has.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROOT, startChild } from '../../helpers/child-server.ts';

/** The README's `sh` blocks, each a list of its command lines (comments cut off). */
const blocks = [...readFileSync(`${ROOT}README.md`, 'utf8').matchAll(/```sh\n([\s\S]*?)```/g)].map((m) =>
  m[1]!
    .split('\n')
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter((line) => line !== '' && !line.startsWith('#')),
);

const block = (first: RegExp): string[] => {
  const found = blocks.find((lines) => first.test(lines[0] ?? ''));
  expect(found, `a README block starting ${first}`).toBeDefined();
  return found!;
};

/** `VAR=value ... npm start`: the variables of such a line. */
const variablesOf = (line: string): Record<string, string> =>
  Object.fromEntries([...line.matchAll(/\b([A-Z_]+)=(\S+)/g)].map((m) => [m[1]!, m[2]!]));

/** `curl -A '<agent>' '<url>'`: the agent and the URL. */
function curlOf(line: string): { agent: string; url: string } {
  const match = /^curl -A '([^']+)' '([^']+)'$/.exec(line);
  expect(match, line).not.toBeNull();
  return { agent: match![1]!, url: match![2]! };
}

describe('the README, from a fresh clone', () => {
  it('its first block starts the demo catalogue, and its first curl gets an answer', async () => {
    const [start, test] = block(/^npm ci && npm start$/);
    expect(start).toBe('npm ci && npm start');
    expect(test).toBe('npm test');
    const server = await startChild('npm', ['start'], {}, 60_000, ROOT, { group: true });
    try {
      const { agent, url } = curlOf(block(/^curl /)[0]!);
      const res = await fetch(url.replace('http://localhost:8787', server.url), { headers: { 'user-agent': agent } });
      expect(res.status).toBe(200);
      expect((await res.json()).tracks).toHaveLength(1);
    } finally {
      await server.stop();
    }
  }, 90_000);

  it('its replay block reaches a first live answer in two commands, asking nothing of the real sites', async () => {
    const [replayCommand, live] = block(/^npm run replay$/);
    expect(replayCommand).toBe('npm run replay');
    const replay = spawn('npm', ['run', 'replay'], {
      cwd: ROOT,
      // PORT as a shell that exported it for Sleeve has it: the replay reads its own REPLAY_PORT.
      env: { ...process.env, PORT: '8787', REPLAY_PORT: '0' },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let printed = '';
      const base = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`npm run replay printed no URL:\n${printed}`)), 60_000);
        replay.stdout.on('data', (chunk: Buffer) => {
          printed += chunk.toString();
          const found = / on (http:\/\/127\.0\.0\.1:\d+)/.exec(printed)?.[1];
          if (found) clearTimeout(timer), resolve(found);
        });
      });
      // The replay prints the very command the README shows, on its own port.
      expect(printed).toContain(live!.replace('http://127.0.0.1:8788', base));
      const variables = variablesOf(live!);
      expect(Object.keys(variables).sort()).toEqual(['SLEEVE_MODE', 'SLEEVE_UPSTREAMS']);
      const env = {
        ...variables,
        SLEEVE_UPSTREAMS: variables.SLEEVE_UPSTREAMS!.replace('http://127.0.0.1:8788', base),
      };
      const server = await startChild('npm', ['start'], env, 60_000, ROOT, { group: true });
      try {
        const res = await fetch(`${server.url}/track/isrc?isrc=GBDUW0000059`, {
          headers: { 'user-agent': 'readme/1.0 (readme@example.com)' },
        });
        expect(res.status).toBe(200);
        expect(await res.json()).toMatchObject({ found: true, name: 'Harder, Better, Faster, Stronger' });
        // Every upstream the start-up line names is the replay's.
        const line = /listening on .*/.exec(server.output())?.[0] ?? '';
        expect(line).toMatch(/music from 127\.0\.0\.1:\d+/);
        expect(line).not.toMatch(/deezer\.com|reccobeats\.com|azuracast\.com|lrclib\.net|wikidata\.org|wikipedia\.org/);
      } finally {
        await server.stop();
      }
    } finally {
      if (replay.pid !== undefined) process.kill(-replay.pid, 'SIGTERM');
    }
  }, 120_000);
});
