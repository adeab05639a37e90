/**
 * Live mode as a user starts it: the real `npm start` entry as a child process with
 * `SLEEVE_MODE=live` and `SLEEVE_DEEZER_URL` pointed at the replay (D1). Its one start-up line
 * says live mode and names the upstream host; its answers come from that upstream.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../../core/schemas/responses/index.ts';
import { startReplay, type Replay } from '../../../replay/server.ts';
import { startChild, type ChildServer } from '../../helpers/child-server.ts';
import { scriptCommand } from '../../helpers/scripts.ts';
import { valid } from '../../helpers/shape/valid.ts';
import { UA } from '../../helpers/routes/client.ts';

const [bin, args] = scriptCommand('start');

let replay: Replay;
let server: ChildServer | undefined;

beforeAll(async () => {
  replay = await startReplay();
  server = await startChild(bin, args, { SLEEVE_MODE: 'live', ...replay.env, SLEEVE_STORAGE: 'memory' });
});

afterAll(async () => {
  await server?.stop();
  await replay?.close();
});

describe('npm start in live mode', () => {
  it("prints one start-up line naming live mode and the replay's host", () => {
    const host = new URL(replay.deezerUrl).host;
    const line =
      server!
        .output()
        .split('\n')
        .find((l) => l.startsWith('sleeve listening on ')) ?? '';
    expect(line).toMatch(/^sleeve listening on http:\/\/localhost:\d+ \(live mode\b/);
    expect(line).toContain(`music from ${host}, audio features from ${host}, radio from ${host}`);
    expect(line).toMatch(/memory storage, node v\d+/);
  });

  it('serves /search/artist from the replay', async () => {
    replay.reset();
    const res = await fetch(`${server!.url}/search/artist?query=${encodeURIComponent('daft punk')}`, {
      headers: { 'user-agent': UA },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-cache')).toBe('MISS');
    const body = valid(s.listOf(s.artistEntrySchema), await res.json());
    expect(body[0]).toMatchObject({ id: 27, name: 'Daft Punk', fans: 4195107 });
    expect(body[0]!.image).toBe(`${server!.url}/artistimage?id=27`);
    expect(replay.calls).toHaveLength(1);
    expect(replay.calls[0]).toMatchObject({ upstream: 'deezer', path: '/search/artist', status: 200, body: 'ok' });
    expect(new URLSearchParams(replay.calls[0]!.search).get('q')).toBe('daft punk');
  });
});
