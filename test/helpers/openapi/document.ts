/**
 * Helpers for the self-description tests: a sleeve with the deployment's own rate limits
 * (the document publishes the limits enforced, and the route tests' sleeve turns them off),
 * its document, and a JSON Schema validator for answers (ajv, already installed as the
 * OpenAPI validator's own dependency).
 */
import ajv2020 from 'ajv/dist/2020.js';
import ajvFormats from 'ajv-formats';
import { expect } from 'vitest';
import { createSleeve, type Sleeve, type SleeveOptions } from '../../../core/index.ts';
import type { JsonSchema, OpenApiDocument, Operation, Ref, Response } from '../../../core/openapi/types.ts';
import { startChild, type ChildServer } from '../child-server.ts';
import { scriptCommand } from '../scripts.ts';

const quiet = { info: () => {}, error: () => {} };

/** Metrics on, so the instance serves every declared endpoint and describes them all. */
export function describedSleeve(options: SleeveOptions = {}): Sleeve {
  return createSleeve({ log: quiet, metrics: true, status: true, ...options });
}

/**
 * `npm start` with metrics on (so every declared endpoint is served and described), and the
 * document it serves, fetched over HTTP as the tools client developers run fetch it. The
 * caller stops the server.
 */
export async function servedDocument(): Promise<{ server: ChildServer; doc: OpenApiDocument }> {
  const server = await startChild(...scriptCommand('start'), {
    SLEEVE_METRICS: '1',
    SLEEVE_STATUS: '1',
    SLEEVE_LOG: 'off',
  });
  try {
    const res = await fetch(`${server.url}/openapi.json`);
    expect(res.status).toBe(200);
    return { server, doc: (await res.json()) as OpenApiDocument };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

export async function documentOf(sleeve: Sleeve, url = 'http://sleeve.test/openapi.json'): Promise<OpenApiDocument> {
  const res = await sleeve.fetch(new Request(url));
  if (res.status !== 200) throw new Error(`${url} → ${res.status}`);
  return (await res.json()) as OpenApiDocument;
}

/** Every operation with its path and method, in the document's order. */
export function operations(doc: OpenApiDocument): { path: string; method: string; op: Operation }[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method, op: op as Operation })),
  );
}

/** A draft 2020-12 validator; `validate(schema, value)` answers the errors, or null. */
export function schemaValidator(): (schema: JsonSchema, value: unknown) => string | null {
  // CommonJS modules: each also exports itself as `default`, which every loader agrees on.
  const ajv = new ajv2020.default({ strict: false, allErrors: false });
  ajvFormats.default(ajv);
  return (schema, value) => {
    const check = ajv.compile(schema as object);
    return check(value) ? null : ajv.errorsText(check.errors);
  };
}

/**
 * The JSON body `op` documents under `status` (its shared response followed), as a schema
 * whose `#/components/…` references resolve within it; undefined when that status is not
 * documented with a JSON body.
 */
export function documentedBody(doc: OpenApiDocument, op: Operation, status: number): JsonSchema | undefined {
  const listed = op.responses[String(status)];
  if (listed === undefined) return undefined;
  const response: Response | undefined =
    '$ref' in listed ? doc.components.responses[(listed as Ref).$ref.split('/').pop()!] : listed;
  const schema = response?.content?.['application/json']?.schema;
  // Not a JSON Schema keyword, but the root ajv resolves `#/components/…` in (non-strict).
  return schema === undefined ? undefined : ({ ...schema, components: doc.components } as unknown as JsonSchema);
}
