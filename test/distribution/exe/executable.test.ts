/**
 * Issue 36, D38: Sleeve as one executable (`npm run build:exe`) and as a container image
 * (`npm run build:container`, `examples/container/Containerfile`).
 *
 * - The executable is copied alone into an empty temporary folder and started there with an
 *   empty environment but `PORT` (`env -i`): no node_modules, no HOME, no PATH. It serves
 *   `/docs` with its files and a PNG card from what it carries, in demo mode and in live mode
 *   against the replay (`replay/`), and writes nothing into its folder.
 * - The image is built with podman (skipped with a reason where podman is absent; CI
 *   installs it, `.ci/run`). Containers cannot run on this project's machines (crun: cgroups
 *   in hybrid mode), so the image is run as a runtime would, short of the cgroups: its file
 *   system mounted (`podman image mount`), /proc mounted in a mount namespace of its own,
 *   `chroot` into it as the image's user, with the image's environment and entrypoint only.
 *   That needs root and util-linux's `unshare` (skipped with a reason otherwise).
 * Podman runs on a storage of its own in a temporary folder (`--root`, the vfs driver), so
 * the machine's images are untouched and nothing is left behind.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildExe } from '../../../scripts/build-exe.ts';
import { CONTEXT_DIR, stageContainer } from '../../../scripts/build-container.ts';
import { startReplay, type Replay } from '../../../replay/server.ts';
import { freePort, redisMissing, startRedis } from '../../helpers/storage/redis.ts';
import { ROOT, startChild, type ChildServer } from '../../helpers/child-server.ts';
import { UA, expectPngCard, expectServesDemo } from '../../helpers/assets-served.ts';

/** An absolute path to `command`, or undefined: the children run with no PATH. */
const which = (command: string) =>
  spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' }).stdout.trim() || undefined;
const ENV = which('env')!;
const PODMAN = which('podman');
const UNSHARE = which('unshare');
const CHROOT = which('chroot');

const podmanMissing = PODMAN ? undefined : 'podman is not installed (apt-get install podman)';
if (podmanMissing && process.env.CI) throw new Error(`CI=${process.env.CI} but ${podmanMissing}`);
if (podmanMissing) console.warn(`[test/exe] skipping the image's build: ${podmanMissing}`);
const chrootMissing =
  process.getuid?.() !== 0
    ? "running the image's file system needs root (chroot, mount)"
    : !UNSHARE || !CHROOT
      ? 'unshare and chroot are missing (util-linux, coreutils)'
      : undefined;
if (chrootMissing) console.warn(`[test/exe] skipping the image's run: ${chrootMissing}`);

/** Starts `argv` with only `env` as its environment (`env -i`), in `cwd`. */
function startBare(argv: string[], env: Record<string, string>, cwd: string): Promise<ChildServer> {
  return startChild(ENV, ['-i', ...Object.entries(env).map(([k, v]) => `${k}=${v}`), ...argv], {}, 30_000, cwd);
}

let exe: string;
let folder: string;
beforeAll(() => {
  const built = buildExe();
  folder = mkdtempSync(join(tmpdir(), 'sleeve-exe-'));
  exe = join(folder, 'sleeve');
  copyFileSync(built, exe);
}, 180_000);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('the executable, copied alone into an empty folder', () => {
  it('serves /healthz, a search, /docs with its files and a PNG card in demo mode, and writes nothing beside itself', async () => {
    const server = await startBare([exe], { PORT: '0' }, folder);
    try {
      expect(server.output()).toMatch(/sleeve listening on http:\/\/localhost:\d+ \(demo mode, memory storage, bun /);
      await expectServesDemo(server.url);
    } finally {
      await server.stop();
    }
    // The card was drawn on the worker thread the executable carries (D53), not on the answering one.
    expect(server.output()).not.toMatch(/worker threads did not start/);
    expect(readdirSync(folder)).toEqual(['sleeve']);
  }, 60_000);

  it('is the sleeve command: --version, --help, a flag over its variable, and a bad flag one line and exit 2', async () => {
    const run = (...args: string[]) =>
      spawnSync(ENV, ['-i', exe, ...args], { cwd: folder, encoding: 'utf8', timeout: 20_000 });
    const version = run('--version');
    expect(version.status).toBe(0);
    expect(version.stdout.trim()).toBe(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version);
    expect(run('--help').stdout).toMatch(/--storage[\s\S]*SLEEVE_MODE/);
    const bad = run('--mode', 'prod');
    expect(bad.status).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    const server = await startBare(
      [exe, '--port', '0', '--mode', 'live'],
      { PORT: '1', SLEEVE_MODE: 'demo', SLEEVE_CONTACT: 'exe-test@example.com' },
      folder,
    );
    try {
      expect(server.output()).toMatch(/\(live mode\b/);
    } finally {
      await server.stop();
    }
  }, 60_000);

  it('says a port in use in one line, with no stack, and exits 1 (D50)', async () => {
    const held = createServer();
    await new Promise<void>((done) => held.listen(0, () => done()));
    try {
      const { port } = held.address() as AddressInfo;
      const run = spawnSync(ENV, ['-i', `PORT=${port}`, exe], { cwd: folder, encoding: 'utf8', timeout: 20_000 });
      expect(run.status).toBe(1);
      const lines = `${run.stdout}${run.stderr}`.trim().split('\n');
      expect(lines.length, lines.join('\n')).toBeLessThanOrEqual(2);
      expect(lines.at(-1)).toMatch(new RegExp(`port ${port} is in use: .*set PORT`));
      expect(`${run.stdout}${run.stderr}`).not.toMatch(/\n\s+at /);
    } finally {
      held.close();
    }
  }, 30_000);

  describe('in live mode, against the replay', () => {
    let replay: Replay;
    let server: ChildServer;
    beforeAll(async () => {
      replay = await startReplay();
      server = await startBare([exe], { PORT: '0', SLEEVE_MODE: 'live', ...replay.env }, folder);
    }, 40_000);
    afterAll(async () => {
      await server?.stop();
      await replay?.close();
    });

    it('answers from the upstreams it is pointed at', async () => {
      expect(server.output()).toMatch(/\(live mode\b/);
      replay.reset();
      const health = await fetch(`${server.url}/healthz`);
      expect(health.status).toBe(200);
      const track = await fetch(`${server.url}/track/isrc?isrc=GBDUW0000059`, { headers: UA });
      expect(track.status).toBe(200);
      expect(await track.json()).toMatchObject({ isrc: 'GBDUW0000059' });
      expect(replay.calls.some((call) => call.upstream === 'deezer')).toBe(true);
    });

    it('draws a PNG card of a live track, with the picture from the image host it is pointed at', async () => {
      replay.reset();
      await expectPngCard(`${server.url}/share/card?isrc=GBDUW0000059`);
      expect(replay.calls.some((call) => call.upstream === 'deezer-images')).toBe(true);
    }, 30_000);
  });

  it.skipIf(redisMissing)(
    'keeps its cache in Redis when SLEEVE_STORAGE names one (the compose file), so it outlives a restart',
    async () => {
      const redis = await startRedis();
      // One port for both runs: an answer's links carry its origin, so the cache keys do too.
      const port = String(await freePort());
      try {
        const hot = async () => {
          const server = await startBare([exe], { PORT: port, SLEEVE_STORAGE: redis.url }, folder);
          try {
            expect(server.output()).toContain(`${redis.url} storage`);
            const res = await fetch(`${server.url}/track/hot?limit=2`, { headers: UA });
            expect(res.status).toBe(200);
            return res.headers.get('x-cache');
          } finally {
            await server.stop();
          }
        };
        expect(await hot()).toBe('MISS');
        // A new process, an empty memory: the hit comes from Redis.
        expect(await hot()).toBe('HIT');
      } finally {
        await redis.stop();
      }
    },
    60_000,
  );
});

describe.skipIf(podmanMissing)('the container image (examples/container/Containerfile)', () => {
  let store: string;
  let podman: (...args: string[]) => string;
  const image = 'localhost/sleeve-test';
  beforeAll(() => {
    store = mkdtempSync(join(tmpdir(), 'sleeve-podman-'));
    podman = (...args) =>
      execFileSync(
        PODMAN!,
        ['--root', join(store, 'root'), '--runroot', join(store, 'run'), '--storage-driver', 'vfs', ...args],
        { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 180_000 },
      );
  });
  afterAll(() => {
    try {
      podman('rmi', '--all', '--force');
    } finally {
      rmSync(store, { recursive: true, force: true });
    }
  });

  it('builds FROM scratch with podman: the executable, the libraries it links, CA certificates, run as nobody', () => {
    const context = stageContainer(exe);
    podman('build', '--quiet', '--tag', image, context);
    const [config] = JSON.parse(podman('image', 'inspect', image)) as [
      { Config: { Entrypoint: string[]; User: string; Env: string[]; ExposedPorts: Record<string, unknown> } },
    ];
    expect(config.Config).toMatchObject({
      Entrypoint: ['/sleeve'],
      User: '65534:65534',
      ExposedPorts: { '8787/tcp': {} },
    });
    expect(config.Config.Env).toContain('PORT=8787');
    const root = podman('image', 'mount', image).trim();
    try {
      expect(readFileSync(join(root, 'sleeve')).equals(readFileSync(exe))).toBe(true);
      for (const library of readdirSync(join(root, 'lib/x86_64-linux-gnu')))
        expect(library).toMatch(/^lib(c|m|dl|pthread)\.so\.\d+$/);
      expect(readFileSync(join(root, 'etc/ssl/certs/ca-certificates.crt'), 'utf8')).toContain('BEGIN CERTIFICATE');
    } finally {
      podman('image', 'unmount', image);
    }
  }, 240_000);

  it.skipIf(chrootMissing)(
    'runs from its own file system, as its user, with its environment only, and serves /docs and a PNG card',
    async () => {
      const [config] = JSON.parse(podman('image', 'inspect', image)) as [
        { Config: { Entrypoint: string[]; User: string; Env: string[] } },
      ];
      const root = podman('image', 'mount', image).trim();
      const cwd = mkdtempSync(join(tmpdir(), 'sleeve-image-run-'));
      try {
        // The image's variables as a runtime sets them; PORT 0, as `-p` would map the port.
        const env = Object.fromEntries(
          config.Config.Env.map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
        );
        const server = await startBare(
          [
            UNSHARE!,
            `--mount-proc=${join(root, 'proc')}`,
            CHROOT!,
            `--userspec=${config.Config.User}`,
            root,
            ...config.Config.Entrypoint,
          ],
          { ...env, PORT: '0' },
          cwd,
        );
        try {
          await expectServesDemo(server.url);
        } finally {
          await server.stop();
        }
      } finally {
        podman('image', 'unmount', image);
        rmSync(cwd, { recursive: true, force: true });
      }
    },
    120_000,
  );
});

it("compose.yaml builds the context build:container stages, and points Sleeve's storage at its Redis service", () => {
  const compose = readFileSync(`${ROOT}examples/container/compose.yaml`, 'utf8');
  const build = /^ {4}build: (\S+)$/m.exec(compose)?.[1];
  expect(build && resolve(`${ROOT}examples/container`, build)).toBe(resolve(CONTEXT_DIR));
  expect(compose).toMatch(/^ {6}SLEEVE_STORAGE: redis:\/\/redis:6379$/m);
  expect(compose).toMatch(/^ {2}redis:\n {4}image: \S*redis\S*$/m);
});

it('keeps the executable out of git', () => {
  expect(
    execFileSync('git', ['check-ignore', 'out/sleeve', 'core/installed/embedded/card-wasm.ts'], {
      cwd: ROOT,
      encoding: 'utf8',
    })
      .trim()
      .split('\n'),
  ).toHaveLength(2);
});
