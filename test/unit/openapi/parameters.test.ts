/**
 * The parameters `/openapi.json` publishes are the ones the validator enforces (D4): the same
 * bounds, defaults and required flags, read from the declarations, with their examples. Each
 * published bound is tried against the endpoint's own schema, so a bound restated by hand
 * somewhere would be caught.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { listKeys } from '../../../core/http/layers/params.ts';
import { openApiPath } from '../../../core/openapi/parameters.ts';
import type { Operation, Parameter } from '../../../core/openapi/types.ts';
import { endpoints } from '../../../core/routes/index.ts';
import { describedSleeve, documentOf, schemaValidator } from '../../helpers/openapi/document.ts';

const doc = await documentOf(describedSleeve());
const paramsOf = (path: string) => (doc.paths[openApiPath(path)]?.get as Operation | undefined)?.parameters ?? [];
const param = (path: string, name: string) => paramsOf(path).find((p) => p.name === name)!;

/** Endpoints whose query the validator reads (not `/cover`'s tolerant reader), with an example to start from. */
const checked = endpoints.filter((e) => e.params && !e.readQuery && e.example);

/** Whether the endpoint's schema accepts its example with `name` set to `value` (or removed). */
function accepts(endpoint: (typeof checked)[number], name: string, value: string | undefined) {
  const query: Record<string, string> = { ...endpoint.example };
  if (value === undefined) delete query[name];
  else query[name] = value;
  return v.safeParse(endpoint.params!, query);
}

describe('parameters in /openapi.json', () => {
  it('carry the bounds, defaults and required flags of the spec', () => {
    expect(param('/search/all', 'limit')).toMatchObject({
      required: false,
      schema: { type: 'integer', minimum: 1, maximum: 25, default: 5 },
      example: 5,
    });
    expect(param('/search/all', 'query')).toMatchObject({
      required: true,
      schema: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
      example: 'love',
    });
    expect(param('/search/all', 'types')).toMatchObject({
      required: false,
      style: 'form',
      explode: false,
      schema: {
        type: 'array',
        items: { enum: ['tracks', 'artists', 'albums', 'playlists'] },
        default: ['tracks', 'artists', 'albums', 'playlists'],
      },
    });
    expect(param('/track/hot', 'limit').schema).toEqual({ type: 'integer', minimum: 1, maximum: 100, default: 20 });
    expect(param('/track/isrc', 'isrc')).toMatchObject({
      required: true,
      schema: { type: 'string', pattern: '^\\s*[A-Za-z0-9]{12}\\s*$' },
    });
    expect(param('/playlist/generate', 'energy').schema).toEqual({ type: 'number', minimum: 0, maximum: 1 });
    expect(param('/playlist/generate', 'tempo').schema).toEqual({ type: 'integer', minimum: 1, maximum: 300 });
    expect(param('/artist/discography', 'type').schema).toMatchObject({
      enum: ['album', 'single', 'ep', 'compilation'],
    });
    expect(param('/resolve', 'url').schema).toMatchObject({ maxLength: 2048, format: 'uri-reference' });
  });

  it('name every parameter of every schema, required exactly when the validator needs it', () => {
    for (const endpoint of endpoints.filter((e) => e.params)) {
      const entries = (endpoint.params as unknown as { entries: Record<string, v.GenericSchema> }).entries;
      const published = paramsOf(endpoint.path).filter((p) => p.in === 'query');
      expect(
        published.map((p) => p.name),
        endpoint.path,
      ).toEqual(Object.keys(entries));
      for (const p of published)
        expect(p.required, `${endpoint.path} ${p.name}`).toBe(!v.safeParse(entries[p.name]!, undefined).success);
    }
  });

  it('publish each bound the validator enforces: the bound passes, one past it is refused', () => {
    let tried = 0;
    for (const endpoint of checked) {
      for (const p of paramsOf(endpoint.path).filter((p) => p.in === 'query')) {
        const { minimum, maximum, maxLength, type } = p.schema;
        const at = `${endpoint.path} ${p.name}`;
        const step = type === 'integer' ? 1 : 0.01;
        if (maximum !== undefined) {
          expect(accepts(endpoint, p.name, String(maximum)).success, at).toBe(true);
          expect(accepts(endpoint, p.name, String(maximum + step)).success, at).toBe(false);
          tried++;
        }
        if (minimum !== undefined) {
          expect(accepts(endpoint, p.name, String(minimum)).success, at).toBe(true);
          expect(accepts(endpoint, p.name, String(minimum - step)).success, at).toBe(false);
          tried++;
        }
        if (type === 'integer') expect(accepts(endpoint, p.name, '1.5').success, at).toBe(false);
        if (maxLength !== undefined)
          expect(accepts(endpoint, p.name, 'x'.repeat(maxLength + 1)).success, at).toBe(false);
      }
    }
    expect(tried).toBeGreaterThan(20);
  });

  it('publish as default what the validator gives an absent parameter', () => {
    for (const endpoint of checked) {
      for (const p of paramsOf(endpoint.path).filter((p) => p.schema.default !== undefined)) {
        const result = accepts(endpoint, p.name, undefined);
        expect(result.success, endpoint.path).toBe(true);
        expect((result.output as Record<string, unknown>)[p.name], `${endpoint.path} ${p.name}`).toEqual(
          p.schema.default,
        );
      }
    }
  });

  it("carry the declaration's example, which fits the parameter's own schema", () => {
    const validate = schemaValidator();
    for (const endpoint of endpoints.filter((e) => e.example)) {
      const published = new Map(paramsOf(endpoint.path).map((p): [string, Parameter] => [p.name, p]));
      for (const [name, value] of Object.entries(endpoint.example!)) {
        const p = published.get(name);
        expect(p, `${endpoint.path} ${name}`).toBeDefined();
        const type = p!.schema.type;
        const typed =
          type === 'array'
            ? value.split(',').map((s) => s.trim())
            : type === 'integer' || type === 'number'
              ? Number(value)
              : value;
        expect(p!.example, `${endpoint.path} ${name}`).toEqual(typed);
        expect(validate(p!.schema, p!.example), `${endpoint.path} ${name}`).toBeNull();
      }
    }
  });

  it('publish every array parameter as a comma-separated list that may also be repeated, exactly those the reader joins (D40)', () => {
    const arrays = endpoints
      .filter((e) => e.params)
      .flatMap((e) =>
        paramsOf(e.path)
          .filter((p) => p.schema.type === 'array')
          .map((p) => `${e.path} ${p.name}`),
      );
    const joined = endpoints
      .filter((e) => e.params)
      .flatMap((e) => [...listKeys(e.params)].map((name) => `${e.path} ${name}`));
    expect(arrays).toEqual(joined);
    expect(arrays).toContain('/search/all types');
    for (const line of arrays) {
      const [path, name] = line.split(' ') as [string, string];
      expect(param(path, name)).toMatchObject({ style: 'form', explode: false });
      expect(param(path, name).description, line).toContain(`\`${name}=a&${name}=b\``);
    }
  });

  it('state the rules that tie parameters together', () => {
    const op = doc.paths['/album/info']?.get as Operation;
    expect(op.description).toContain('Rule: give id or query.');
  });

  it("D69: /track/info's id, an optional whole-number id beside artist and title, and its rule stated once", () => {
    expect(param('/track/info', 'id')).toMatchObject({
      required: false,
      schema: { type: 'integer', minimum: 1, maximum: 999_999_999_999_999 },
      example: 100006189,
    });
    for (const name of ['artist', 'title', 'isrc']) expect(param('/track/info', name).required, name).toBe(false);
    const op = doc.paths['/track/info']?.get as Operation;
    expect(op.description.split('Rule: give id, or both artist and title.')).toHaveLength(2);
    expect(op.description).toContain('an unknown id is a 404');
  });
});
