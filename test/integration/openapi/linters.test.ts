/**
 * Issue #26: the document a running Sleeve serves, linted as client developers lint it before
 * generating a client: Redocly CLI (its recommended rules, `redocly.yaml`) and Spectral
 * (`spectral:oas`, `.spectral.yaml`), the dev dependencies' own binaries. Neither may report
 * anything: no error, no warning (nor a Spectral hint), nor on the document of a deployment with
 * rate limits off (issue #37: it published a 429 response nothing referred to). A copy without `info`'s contact and
 * licence shows each linter at work on the same file, so a linter that ran nothing would fail.
 *
 * Offline: Redocly's usage data is off (below, and in redocly.yaml) and its update check
 * with it; the document has no `$ref` outside itself for either to fetch.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../../core/openapi/types.ts';
import { BIN, runToExit, type ChildServer } from '../../helpers/child-server.ts';
import { describedSleeve, documentOf, servedDocument } from '../../helpers/openapi/document.ts';

const QUIET = { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
/** Generous: a linter's start-up on a shared two-core machine, not a speed claim. */
const LINT_MS = 60_000;

let server: ChildServer;
let dir: string;
/** The document as served, the control copy without `info.contact` and `info.license`, and one with limits off. */
let served: string;
let control: string;
let unlimited: string;

beforeAll(async () => {
  let document: OpenApiDocument;
  ({ server, doc: document } = await servedDocument());
  dir = mkdtempSync(join(tmpdir(), 'sleeve-lint-'));
  served = join(dir, 'openapi.json');
  writeFileSync(served, JSON.stringify(document, null, 2));
  const { contact: _contact, license: _license, ...info } = document.info;
  control = join(dir, 'control.json');
  writeFileSync(control, JSON.stringify({ ...document, info }, null, 2));
  unlimited = join(dir, 'unlimited.json');
  const off = describedSleeve({ rateLimits: 'off', contact: 'ops@example.org' });
  writeFileSync(unlimited, JSON.stringify(await documentOf(off), null, 2));
}, 60_000);

afterAll(async () => {
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Runs a linter and reads its JSON report; a linter that printed none fails with what it said. */
async function report(bin: string, args: string[], read: (stdout: string) => unknown): Promise<unknown> {
  const run = await runToExit(`${BIN}${bin}`, args, QUIET, LINT_MS);
  try {
    return read(run.stdout);
  } catch {
    throw new Error(`${bin} exited with ${run.code} and no report:\n${run.stdout}${run.stderr}`);
  }
}

interface RedoclyProblem {
  ruleId: string;
  message: string;
  location: { pointer: string }[];
}

/** Redocly's findings on one file, one line each: `rule at pointer: message`. */
async function redocly(file: string): Promise<string[]> {
  const { problems } = (await report(
    'redocly',
    ['lint', '--config', 'redocly.yaml', '--format', 'json', file],
    JSON.parse,
  )) as { problems: RedoclyProblem[] };
  return problems.map((p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);
}

interface SpectralResult {
  code: string;
  message: string;
  path: string[];
}

/** Spectral's findings on one file, of any severity, one line each. */
async function spectral(file: string): Promise<string[]> {
  const out = `${file}.spectral.json`;
  const args = [
    'lint',
    '--ruleset',
    '.spectral.yaml',
    '--format',
    'json',
    '--output',
    out,
    '--fail-severity',
    'hint',
    file,
  ];
  const results = (await report('spectral', args, () => JSON.parse(readFileSync(out, 'utf8')))) as SpectralResult[];
  return results.map((r) => `${r.code} at ${r.path.join('.')}: ${r.message}`);
}

describe('/openapi.json under the linters client developers run', () => {
  it(
    'Redocly (recommended) finds nothing: no error, no warning',
    async () => {
      const [found, inControl, off] = await Promise.all([redocly(served), redocly(control), redocly(unlimited)]);
      expect(found).toEqual([]);
      expect(off).toEqual([]);
      expect(inControl.map((line) => line.split(' ')[0])).toEqual(['info-license']);
    },
    LINT_MS * 2,
  );

  it(
    'Spectral (spectral:oas) finds nothing: no error, no warning, no hint',
    async () => {
      const [found, inControl, off] = await Promise.all([spectral(served), spectral(control), spectral(unlimited)]);
      expect(found).toEqual([]);
      expect(off).toEqual([]);
      expect(inControl.map((line) => line.split(' ')[0])).toEqual(['info-contact']);
    },
    LINT_MS * 2,
  );
});
