/**
 * @module
 * `npm run build:container`: stages `out/container/`, the build context of the image
 * `examples/container/Containerfile` describes, then prints the command that builds it.
 * The image is `FROM scratch`: the executable (`npm run build:exe`), the C libraries it links
 * (what `ldd` lists: glibc's libc, libm, libpthread, libdl and the loader, taken from this
 * machine, so the image runs what the executable was tested with) and the CA certificates
 * live mode's HTTPS may use. Nothing is pulled: no base image, no package manager, no shell.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildExe } from './build-exe.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const CONTEXT_DIR: string = `${ROOT}out/container`;
const CA_CERTIFICATES = '/etc/ssl/certs/ca-certificates.crt';

/** The absolute paths of the shared libraries `ldd` says the executable loads (the vDSO has none). */
export function linkedLibraries(exe: string): string[] {
  const out = execFileSync('ldd', [exe], { encoding: 'utf8' });
  return [...out.matchAll(/(?:=>\s*)?(\/\S+)\s+\(0x/g)].map((m) => m[1]!);
}

/** Stages the context (`Containerfile` and `rootfs/`); returns its folder. */
export function stageContainer(exe: string = buildExe()): string {
  rmSync(CONTEXT_DIR, { recursive: true, force: true });
  const rootfs = join(CONTEXT_DIR, 'rootfs');
  const put = (from: string, to: string) => {
    mkdirSync(dirname(join(rootfs, to)), { recursive: true });
    copyFileSync(from, join(rootfs, to)); // follows symlinks: the image gets the files themselves
  };
  put(exe, 'sleeve');
  for (const library of linkedLibraries(exe)) put(library, library);
  put(CA_CERTIFICATES, CA_CERTIFICATES);
  // Empty, as a container runtime expects them: /proc is mounted there, /tmp is written to.
  for (const dir of ['proc', 'tmp', 'dev', 'etc']) mkdirSync(join(rootfs, dir), { recursive: true });
  chmodSync(join(rootfs, 'tmp'), 0o1777);
  copyFileSync(`${ROOT}examples/container/Containerfile`, join(CONTEXT_DIR, 'Containerfile'));
  return CONTEXT_DIR;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = stageContainer();
  console.log(
    `staged ${dir.slice(ROOT.length)}; build the image with:\n  podman build -t sleeve ${dir.slice(ROOT.length)}   (or docker build)`,
  );
}
