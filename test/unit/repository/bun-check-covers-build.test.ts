/**
 * Under `npm test` the npm build writes its declarations without type-checking them
 * (scripts/build-npm.ts, `TYPES_CHECKED_BY_NPM_TEST`), because `tsc -p tsconfig.bun.json`, one
 * of the run's checks, checks the same files with the same types. This holds that promise: every
 * file the build would check is one the Bun check checks, with the same `types`.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');

/** The files a tsconfig names itself (its include less its exclude) and its compiler options. */
function parsed(name: string): { files: string[]; types: readonly string[] | undefined } {
  const config = ts.getParsedCommandLineOfConfigFile(join(ROOT, name), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  });
  if (config === undefined) throw new Error(`${name} did not parse`);
  return { files: config.fileNames, types: config.options.types };
}

describe('the Bun check covers the npm build’s check', () => {
  it('tsconfig.bun.json checks every file tsconfig.build.json checks, with the same types', () => {
    const build = parsed('tsconfig.build.json');
    const bun = parsed('tsconfig.bun.json');
    expect(build.files.length).toBeGreaterThan(100);
    const checked = new Set(bun.files);
    expect(build.files.filter((file) => !checked.has(file))).toEqual([]);
    expect(bun.types).toEqual(build.types);
  });
});
