import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { app as embedded } from '../../../examples/embed/app.ts';
import { startReplay } from '../../../replay/server.ts';
import { BIN, ROOT, startChild } from '../../helpers/child-server.ts';
import { parse } from 'yaml';
import { parseCommand } from '../../../adapters/cli/args.ts';
import { endpoints } from '../../../core/routes/index.ts';

const UA = { 'User-Agent': 'examples/1.0 (examples@example.com)' };

/** Each runnable example, started the way its README says. */
const RUNNABLE: [name: string, command: string, args: string[]][] = [
  ['node', `${BIN}tsx`, ['examples/node/server.ts']],
  ['bun', `${BIN}bun`, ['examples/bun/server.ts']],
  ['deno', `${BIN}deno`, ['run', '--allow-net', '--allow-env', '--allow-read', 'examples/deno/server.ts']],
  ['embed', `${BIN}tsx`, ['examples/embed/server.ts']],
];

describe('examples', () => {
  it.each(RUNNABLE)('%s serves health, the orchestrator probes and genres', async (_name, command, args) => {
    const server = await startChild(command, args);
    try {
      const health = await fetch(`${server.url}/healthz`);
      expect(health.status).toBe(200);
      // What examples/kubernetes polls (D55), with no User-Agent as a kubelet sends none with a contact.
      for (const probe of ['/livez', '/readyz']) expect((await fetch(`${server.url}${probe}`)).status, probe).toBe(200);
      const genres = await fetch(`${server.url}/editorial/genres`, { headers: UA });
      expect(genres.status).toBe(200);
      expect((await genres.json())[0]).toMatchObject({ id: 0, name: 'All' });
    } finally {
      await server.stop();
    }
  });

  it("compose.yaml's health check runs the image's own executable on /readyz (D55), a path Sleeve answers", () => {
    const compose = parse(readFileSync(`${ROOT}examples/container/compose.yaml`, 'utf8')) as {
      services: { sleeve: { healthcheck: { test: string[] }; environment: Record<string, unknown> } };
    };
    const [kind, executable, ...args] = compose.services.sleeve.healthcheck.test;
    expect([kind, executable]).toEqual(['CMD', '/sleeve']);
    // As the executable would read it, with the image's PORT (the Containerfile's ENV).
    const port = /^ENV PORT=(\d+)$/m.exec(readFileSync(`${ROOT}examples/container/Containerfile`, 'utf8'))?.[1];
    const command = parseCommand(args, { PORT: port });
    expect(command).toEqual({ kind: 'probe', url: `http://127.0.0.1:${port}/readyz` });
    expect(endpoints.map((e) => e.path as string)).toContain('/readyz');
  });

  it('embed keeps the host app and answers spec paths under /music only', async () => {
    expect(await (await embedded.request('/')).text()).toMatch(/existing app/);
    expect((await embedded.request('/music/healthz')).status).toBe(200);
    const genres = await embedded.request('/music/editorial/genres', { headers: UA });
    expect(genres.status).toBe(200);
    expect((await embedded.request('/healthz')).status).toBe(404);
  });

  it('embed answers links under /music, and each of them loads there', async () => {
    const origin = 'http://host.test';
    const get = (path: string) => embedded.request(`${origin}${path}`, { headers: UA });
    const hot = await (await get('/music/track/hot?limit=3')).json();
    const genres = await (await get('/music/editorial/genres')).json();
    const search = await (await get('/music/search/all?query=love&types=tracks&limit=1')).json();
    const links: string[] = [
      ...hot.tracks.map((t: { cover: string }) => t.cover),
      genres[1].image,
      search.tracks[0].previewUrl,
    ];
    const artist = await (await get(`/music/artist/info?id=${hot.tracks[0].artistId}`)).json();
    links.push(artist.image);
    for (const link of links) {
      expect(link.startsWith(`${origin}/music/`), link).toBe(true);
      const res = await embedded.request(link);
      expect([200, 302], link).toContain(res.status);
    }
    expect((await embedded.request(`${origin}/cover?artist=a&title=b`)).status).toBe(404);
  });

  it('live serves a track from the Deezer replay it is pointed at', async () => {
    const replay = await startReplay();
    // The one variable its README names: every upstream under the replay.
    const server = await startChild(`${BIN}tsx`, ['examples/live/server.ts'], { SLEEVE_UPSTREAMS: replay.url });
    try {
      const res = await fetch(`${server.url}/track/isrc?isrc=GBDUW0000059`, { headers: UA });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ found: true, name: 'Harder, Better, Faster, Stronger' });
      expect(replay.calls.length).toBeGreaterThan(0);
    } finally {
      await server.stop();
      await replay.close();
    }
  });

  it('vercel rewrites every path to the function', () => {
    const config = JSON.parse(readFileSync(`${ROOT}examples/vercel/vercel.json`, 'utf8'));
    expect(config.rewrites).toEqual([{ source: '/(.*)', destination: '/api' }]);
  });

  it("vercel ships swagger-ui-dist and the PNG cards' files with the function: /docs and D29 read them at run time, by names no tracer can see", () => {
    const config = JSON.parse(readFileSync(`${ROOT}examples/vercel/vercel.json`, 'utf8'));
    const globs = /^\{(.*)\}$/.exec(config.functions['api/index.ts'].includeFiles)![1]!.split(',');
    expect(globs[0]).toBe('node_modules/swagger-ui-dist/**');
    expect(globs.slice(1)).toEqual(
      [
        '@resvg/resvg-wasm/index_bg.wasm',
        'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
        'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
      ].map((f) => `node_modules/${f}`),
    );
    for (const file of globs.slice(1)) expect(existsSync(`${ROOT}${file}`), file).toBe(true);
  });

  it.each(['bun', 'deno', 'node', 'vercel', 'embed', 'live', 'deploy', 'container', 'workers', 'deno-deploy'])(
    '%s has a three-line README',
    (name) => {
      const lines = readFileSync(`${ROOT}examples/${name}/README.md`, 'utf8').trim().split('\n');
      expect(lines).toHaveLength(3);
    },
  );
});
