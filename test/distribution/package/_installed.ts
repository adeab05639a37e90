/** The run's one packed and installed npm package (./_pack-once.ts), for the package's test files. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { Installed } from '../../helpers/installed-package.ts';

/** The User-Agent the package's tests send from the consumer's side. */
export const UA = { 'User-Agent': 'package-test/1.0 (package-test@example.com)' };

/** The install, once it is ready: call it in a `beforeAll` with the time a build takes (240 s). */
export async function packedAndInstalled(): Promise<Installed> {
  const into = inject('packageInstall');
  for (;;) {
    if (existsSync(join(into, 'installed.json'))) {
      return JSON.parse(readFileSync(join(into, 'installed.json'), 'utf8')) as Installed;
    }
    if (existsSync(join(into, 'failed.txt'))) {
      throw new Error(`packing and installing the package failed: ${readFileSync(join(into, 'failed.txt'), 'utf8')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
