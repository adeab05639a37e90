/**
 * Issue #37: a client generated from `/openapi.json` as client developers generate one. A demo
 * Sleeve is served on loopback; openapi-typescript writes the types of the document it serves
 * into a temp folder; a small openapi-fetch program, with default settings but the
 * User-Agent, calls every GET operation with its examples (and again with only the required
 * ones, where a rule does not tie them), and POSTs the bodies' examples. `tsc --strict`
 * checks the program against the generated types, then it runs, and each answer must be 2xx
 * (or the documented demo-mode 503 `not_configured`) and fit the schema the document
 * declares for that status (ajv, JSON Schema 2020-12).
 *
 * openapi-fetch sends arrays exploded (`types=tracks&types=albums`) whatever `explode` says
 * (D40); an operation whose parameter has no example cannot be written at all (D41).
 */
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenApiDocument, Operation, Parameter, Response } from '../../../core/openapi/types.ts';
import { BIN, ROOT, runToExit, type ChildServer } from '../../helpers/child-server.ts';
import { UA } from '../../helpers/routes/client.ts';
import { documentedBody, operations, schemaValidator, servedDocument } from '../../helpers/openapi/document.ts';

/** Generous: a compiler's start-up on a shared two-core machine, not a speed claim. */
const STEP_MS = 90_000;

/** One call the program makes, and what it saw. */
interface Answer {
  label: string;
  path: string;
  method: string;
  status: number;
  type: string;
  redirected: boolean;
  body?: unknown;
}

/** A parameter's example as TypeScript source: the value the generated type expects (a list is an array). */
const literal = (value: unknown) => JSON.stringify(value);

function exampleOf(path: string, p: Parameter): unknown {
  if (p.example === undefined)
    throw new Error(`${path}: parameter ${p.name} has no example; a generated client could only send filler`);
  return p.example;
}

/** `{ path: {...}, query: {...} }` from the examples of `parameters`, as openapi-fetch takes it. */
function paramsSource(path: string, parameters: readonly Parameter[]): string {
  const part = (where: 'path' | 'query') => {
    const entries = parameters
      .filter((p) => p.in === where)
      .map((p) => `${literal(p.name)}: ${literal(exampleOf(path, p))}`);
    return entries.length > 0 ? `${where}: { ${entries.join(', ')} }` : undefined;
  };
  const parts = [part('path'), part('query')].filter(Boolean);
  return parts.length > 0 ? `params: { ${parts.join(', ')} }` : '';
}

/** The media types an operation's success answers declare. */
function successMedia(op: Operation): string[] {
  return Object.entries(op.responses)
    .filter(([status]) => /^(2|302)/.test(status))
    .flatMap(([, r]) => Object.keys((r as Response).content ?? {}));
}

/** How the program reads an answer: JSON as openapi-fetch does by default, a stream cancelled after its first event, bytes otherwise. */
function readingOf(op: Operation): string {
  const media = successMedia(op);
  if (media.includes('text/event-stream')) return `parseAs: 'stream', headers: { accept: 'text/event-stream' }`;
  // A redirect is followed (fetch's default) to whatever it points at: bytes, here a preview.
  const redirect = Object.keys(op.responses).includes('302');
  if (redirect || (media.length > 0 && !media.includes('application/json'))) return `parseAs: 'arrayBuffer'`;
  return '';
}

/** One awaited call and its record. */
function callSource(label: string, path: string, method: 'GET' | 'POST', options: string[]): string {
  const args = options.filter(Boolean).join(', ');
  return `  await record(${literal(label)}, ${literal(path)}, ${literal(method)}, () => client.${method}(${literal(path)}${args ? `, { ${args} }` : ''}));`;
}

/** The program: every GET with all its examples, again with the required ones alone, and every body example. */
function programOf(doc: OpenApiDocument, base: string): string {
  const calls: string[] = [];
  for (const { path, method, op } of operations(doc)) {
    const parameters = op.parameters ?? [];
    if (method === 'get') {
      calls.push(callSource('examples', path, 'GET', [paramsSource(path, parameters), readingOf(op)]));
      const tied = op.description.includes('- Rule:');
      if (!tied && parameters.some((p) => !p.required)) {
        calls.push(
          callSource('required alone', path, 'GET', [
            paramsSource(
              path,
              parameters.filter((p) => p.required),
            ),
            readingOf(op),
          ]),
        );
      }
    } else if (method === 'post') {
      const example = op.requestBody?.content['application/json']?.example;
      if (example === undefined)
        throw new Error(`${path}: the body has no example; a generated client could only send filler`);
      calls.push(callSource('body example', path, 'POST', [`body: ${literal(example)}`]));
    }
  }
  return `import createClient from 'openapi-fetch';
import type { paths } from './schema.ts';

// Default settings but the User-Agent (D2 asks for a contact).
const client = createClient<paths>({ baseUrl: ${literal(base)}, headers: { 'User-Agent': ${literal(UA)} } });

interface Answer { label: string; path: string; method: string; status: number; type: string; redirected: boolean; body?: unknown }
const answers: Answer[] = [];

async function record(label: string, path: string, method: string, call: () => Promise<{ data?: unknown; error?: unknown; response: Response }>): Promise<void> {
  const { data, error, response } = await call();
  let body: unknown = response.ok ? data : error;
  if (body instanceof ReadableStream) {
    const reader = body.getReader();
    const first = await reader.read();
    await reader.cancel();
    body = new TextDecoder().decode(first.value);
  } else if (body instanceof ArrayBuffer) body = undefined;
  answers.push({ label, path, method, status: response.status, type: response.headers.get('content-type') ?? '', redirected: response.redirected, body });
}

async function main(): Promise<void> {
${calls.join('\n')}
}

await main();
process.stdout.write(JSON.stringify(answers));
`;
}

let server: ChildServer;
let dir: string;
let doc: OpenApiDocument;

beforeAll(async () => {
  ({ server, doc } = await servedDocument());
  dir = mkdtempSync(join(tmpdir(), 'sleeve-generated-'));
  writeFileSync(join(dir, 'openapi.json'), JSON.stringify(doc));
  // The program's imports (openapi-fetch, @types/node) resolve from the project's packages.
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
}, STEP_MS);

afterAll(async () => {
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function run(bin: string, args: string[]): Promise<string> {
  const done = await runToExit(`${BIN}${bin}`, args, { NO_COLOR: '1' }, STEP_MS);
  if (done.code !== 0) throw new Error(`${bin} ${args.join(' ')} exited ${done.code}:\n${done.stdout}${done.stderr}`);
  return done.stdout;
}

describe('a client generated from /openapi.json (openapi-typescript, openapi-fetch)', () => {
  let answers: Answer[] = [];

  it(
    'is generated, passes tsc --strict with the examples as its arguments, and runs',
    async () => {
      await run('openapi-typescript', [join(dir, 'openapi.json'), '-o', join(dir, 'schema.ts')]);
      const program = programOf(doc, server.url);
      writeFileSync(join(dir, 'client.ts'), program);
      const tsc = [
        '--strict',
        '--noEmit',
        '--target',
        'es2022',
        '--module',
        'nodenext',
        '--moduleResolution',
        'nodenext',
        '--allowImportingTsExtensions',
        '--types',
        'node',
        // What is checked is the generated schema and the program (.ts files); without this, tsc
        // also checked TypeScript's own lib, @types/node and openapi-fetch's declarations, none of
        // them Sleeve's, at three quarters of its CPU (tsc --init sets it too).
        '--skipLibCheck',
      ];
      await run('tsc', [...tsc, join(dir, 'client.ts')]);
      answers = JSON.parse(await run('tsx', [join(dir, 'client.ts')])) as Answer[];
      // Every GET, the POSTs, and the required-alone calls.
      const described = operations(doc);
      expect(new Set(answers.map((a) => `${a.method} ${a.path}`)).size).toBe(described.length);
    },
    STEP_MS * 3,
  );

  it('gets a 2xx for each call, or the documented demo-mode 503 not_configured', () => {
    expect(answers.length).toBeGreaterThan(0);
    const wrong = answers.filter(
      (a) =>
        !(a.status >= 200 && a.status < 300) &&
        !(a.status === 503 && (a.body as { error?: { code?: string } })?.error?.code === 'not_configured'),
    );
    expect(
      wrong.map((a) => `${a.method} ${a.path} (${a.label}) → ${a.status} ${JSON.stringify(a.body).slice(0, 200)}`),
    ).toEqual([]);
  });

  it('gets answers that fit the schema the document declares for their status', () => {
    expect(answers.length).toBeGreaterThan(0);
    const validate = schemaValidator();
    const misfits: string[] = [];
    for (const a of answers) {
      const op = doc.paths[a.path]![a.method.toLowerCase() as 'get']! as Operation;
      if (a.type.startsWith('application/json')) {
        const schema = documentedBody(doc, op, a.status);
        const problem = schema === undefined ? `no JSON body is documented for ${a.status}` : validate(schema, a.body);
        if (problem) misfits.push(`${a.method} ${a.path} (${a.label}) ${a.status}: ${problem}`);
        continue;
      }
      // A followed redirect (`/track/preview`) ends at another operation's medium.
      if (a.redirected) continue;
      const declared = Object.keys(((op.responses[String(a.status)] ?? {}) as Response).content ?? {});
      if (!declared.includes(a.type.split(';')[0]!.trim()))
        misfits.push(`${a.method} ${a.path} (${a.label}) ${a.status}: ${a.type} is not among ${declared.join(', ')}`);
    }
    expect(misfits).toEqual([]);
  });

  it('sent the list parameter exploded, as openapi-fetch does by default, and was answered the same list (D40)', () => {
    const search = answers.find((a) => a.path === '/search/all' && a.label === 'examples');
    const declared = (doc.paths['/search/all']!.get as Operation).parameters!.find((p) => p.name === 'types')!;
    expect(declared.example).toEqual(expect.arrayContaining([expect.any(String), expect.any(String)]));
    expect((search?.body as { types?: unknown })?.types).toEqual(declared.example);
  });
});
