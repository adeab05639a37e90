/**
 * Issue #12: `/openapi.json` is valid OpenAPI 3.1, generated from the route table (every
 * endpoint, alias and method, none forgotten), with each declaration's policy, security,
 * errors and answer schema; its servers are the configured base, else relative.
 * Issue #26: every tag described, a licence and a contact, and the legacy error shape of
 * older pins in every error response.
 */
import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { toJsonSchema } from '@valibot/to-json-schema';
import { describe, expect, it } from 'vitest';
import { isBatchable, isMedia, type Answer } from '../../../core/http/endpoint.ts';
import { VERSION_NAMES } from '../../../core/http/versions.ts';
import { isDescribed } from '../../../core/openapi/document.ts';
import { CONVERSION } from '../../../core/openapi/json-schema.ts';
import { openApiPath } from '../../../core/openapi/parameters.ts';
import { ERROR_CODES, type ErrorCode } from '../../../core/errors.ts';
import type { JsonSchema, Operation, Ref } from '../../../core/openapi/types.ts';
import { endpoints } from '../../../core/routes/index.ts';
import { VERSION } from '../../../core/version.ts';
import { ROOT } from '../../helpers/child-server.ts';
import {
  describedSleeve,
  documentedBody,
  documentOf,
  operations,
  schemaValidator,
} from '../../helpers/openapi/document.ts';

const sleeve = describedSleeve();
const doc = await documentOf(sleeve);
/** What the document lists: every declaration but the few that say `described: false`. */
const described = endpoints.filter(isDescribed);
const opOf = (path: string, method = 'GET') =>
  doc.paths[openApiPath(path)]?.[method.toLowerCase() as 'get'] as Operation;

describe('/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc) as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(doc.info.version).toBe(VERSION);
  });

  it('has every declared endpoint at its path and method, its aliases named on it, and nothing else', () => {
    for (const endpoint of described) {
      const op = opOf(endpoint.path, endpoint.method);
      expect(op, endpoint.path).toBeDefined();
      // Plain text, as OpenAPI reads a summary: a declaration's backticks are left out.
      expect(op.summary).toBe(endpoint.summary.replaceAll('`', ''));
      expect(op.summary).not.toContain('`');
      expect(op['x-sleeve-aliases'] ?? [], endpoint.path).toEqual((endpoint.aliases ?? []).map(openApiPath));
      for (const alias of endpoint.aliases ?? []) expect(op.description).toContain(`\`${openApiPath(alias)}\``);
    }
    const declared = described.map((e) => `${(e.method ?? 'GET').toLowerCase()} ${openApiPath(e.path)}`).sort();
    expect(
      operations(doc)
        .map(({ path, method }) => `${method} ${path}`)
        .sort(),
    ).toEqual(declared);
  });

  it('leaves out /docs/, a redirect to /docs declared `described: false`, which is still answered', async () => {
    expect(endpoints.filter((e) => !isDescribed(e)).map((e) => e.path)).toEqual(['/docs/']);
    expect(Object.keys(doc.paths).filter((path) => path !== '/' && path.endsWith('/'))).toEqual([]);
    const res = await sleeve.fetch(new Request('http://sleeve.test/docs/'));
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('../docs');
  });

  it('describes every tag, and tags nothing it does not describe', () => {
    const used = new Set(operations(doc).flatMap(({ op }) => op.tags));
    expect(doc.tags.map((t) => t.name).sort()).toEqual([...used].sort());
    for (const tag of doc.tags)
      expect(tag.description, `tag ${tag.name}: add its line to core/openapi/tags.ts`).toMatch(/^[A-Z].{10,}\.$/);
  });

  it("names the software's licence as package.json does, and the operator as the contact (SLEEVE_CONTACT)", async () => {
    const pkg = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as { license: string };
    expect(doc.info.license.identifier).toBe(pkg.license);
    expect(readFileSync(`${ROOT}LICENSE`, 'utf8')).toMatch(new RegExp(`^${doc.info.license.name}\n`));
    expect(doc.info.contact.name).toContain('SLEEVE_CONTACT is not set');
    const withEmail = await documentOf(describedSleeve({ contact: 'ops@music.example' }));
    expect(withEmail.info.contact).toEqual({ name: 'The operator of this deployment', email: 'ops@music.example' });
    const withUrl = await documentOf(describedSleeve({ contact: 'https://music.example/contact' }));
    expect(withUrl.info.contact).toEqual({
      name: 'The operator of this deployment',
      url: 'https://music.example/contact',
    });
  });

  it('names operations uniquely after their paths, and tags them by first segment', () => {
    const ids = operations(doc).map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(opOf('/track/hot').operationId).toBe('trackHot');
    expect(opOf('/media/images/:kind/:file').operationId).toBe('mediaImagesKindFile');
    expect(opOf('/track/hot').tags).toEqual(['track']);
    expect(
      doc.paths['/media/images/{kind}/{file}']?.get?.parameters?.filter((p) => p.in === 'path').map((p) => p.name),
    ).toEqual(['kind', 'file']);
  });

  it("states each declaration's policy in x- extensions and in words", () => {
    for (const endpoint of described) {
      const op = opOf(endpoint.path, endpoint.method);
      expect(op['x-rate-limit'], endpoint.path).toBe(endpoint.rateLimit);
      expect(op['x-cache'], endpoint.path).toBe(endpoint.cache);
      expect(op['x-since'], endpoint.path).toBe(endpoint.since ?? VERSION_NAMES[0]);
      expect(op['x-batchable'], endpoint.path).toBe(isBatchable(endpoint));
      if (endpoint.description) expect(op.description.startsWith(endpoint.description)).toBe(true);
    }
    expect(opOf('/track/hot').description).toContain(
      '30 requests per minute per client, cached 30 minutes, since 2.1.1',
    );
    expect(opOf('/editorial/genres').description).toContain('cached indefinitely');
    expect(opOf('/nowplaying').description).toContain('never cached');
    expect(opOf('/batch', 'POST').description).toContain('not batchable');
    expect(opOf('/track/related').description).toContain('Rule: give isrc, or both artist and title.');
  });

  it('publishes the limits this deployment enforces: scaled, or none when off', async () => {
    const doubled = await documentOf(describedSleeve({ rateLimits: 2 }));
    expect(doubled.paths['/track/hot']?.get?.['x-rate-limit']).toBe(60);
    const off = await documentOf(describedSleeve({ rateLimits: 'off' }));
    expect(off.paths['/track/hot']?.get?.['x-rate-limit']).toBeUndefined();
    expect(off.paths['/track/hot']?.get?.responses['429']).toBeUndefined();
    expect(off.info.description).toContain('Off on this deployment');
  });

  it('publishes no component nothing refers to, whatever the limits (Redocly no-unused-components, Spectral oas3-unused-component)', async () => {
    const unused = (d: typeof doc) => {
      const text = JSON.stringify(d);
      return (['schemas', 'responses', 'headers'] as const).flatMap((section) =>
        Object.keys(d.components[section])
          .filter((name) => !text.includes(`"#/components/${section}/${name}"`))
          .map((name) => `${section}/${name}`),
      );
    };
    const off = await documentOf(describedSleeve({ rateLimits: 'off' }));
    for (const [label, d] of [
      ['limited', doc],
      ['doubled', await documentOf(describedSleeve({ rateLimits: 2 }))],
      ['off', off],
    ] as const) {
      expect(unused(d), label).toEqual([]);
    }
    // Off, no endpoint answers 429: its shared response goes, the 503's Retry-After stays.
    expect(Object.keys(doc.components.responses)).toContain('rate_limited');
    expect(Object.keys(off.components.responses)).not.toContain('rate_limited');
    expect(Object.keys(off.components.headers)).toContain('Retry-After');
    expect(Object.keys(off.components.headers)).not.toContain('RateLimit-Limit');
  });

  it('describes what this instance serves: /metrics only where SLEEVE_METRICS turned it on', async () => {
    expect(Object.keys(doc.paths)).toContain('/metrics');
    const without = await documentOf(describedSleeve({ metrics: false }));
    expect(Object.keys(without.paths)).not.toContain('/metrics');
  });

  it('asks public endpoints for nothing, and the others for either contact header (D2)', () => {
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['apiUserAgent', 'userAgent']);
    expect(doc.components.securitySchemes.userAgent).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'User-Agent',
    });
    expect(doc.components.securitySchemes.apiUserAgent).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'Api-User-Agent',
    });
    for (const endpoint of described) {
      expect(opOf(endpoint.path, endpoint.method).security, endpoint.path).toEqual(
        endpoint.public ? [] : [{ userAgent: [] }, { apiUserAgent: [] }],
      );
    }
  });

  it('lists the D3 errors each endpoint can answer, in the shared error shape', () => {
    const error = doc.components.schemas.Error as {
      properties: { error: { properties: { code: { enum: string[] } } } };
    };
    expect(error.properties.error.properties.code.enum).toContain('rate_limited');
    for (const endpoint of described) {
      const statuses = Object.keys(opOf(endpoint.path, endpoint.method).responses);
      const has = (status: number) => statuses.includes(String(status));
      expect(has(400), endpoint.path).toBe(endpoint.params !== undefined || endpoint.body !== undefined);
      expect(has(401), endpoint.path).toBe(!endpoint.public);
      expect(has(413), endpoint.path).toBe(endpoint.method === 'POST');
      expect(has(429), endpoint.path).toBe(endpoint.rateLimit !== undefined);
      expect(has(502) && has(503) && has(504), endpoint.path).toBe(endpoint.upstream !== false);
      expect(has(404) && has(405) && has(500), endpoint.path).toBe(true);
    }
    const limited = doc.components.responses.rate_limited!;
    expect(Object.keys(limited.headers ?? {})).toEqual(
      expect.arrayContaining(['Retry-After', 'RateLimit-Remaining', 'X-RateLimit-Reset']),
    );
    expect(Object.keys(doc.components.responses.method_not_allowed!.headers ?? {})).toEqual(['Allow']);
  });

  it("shows each error status's own codes as its examples, each fitting the Error schema, not one code under every status", () => {
    const validate = schemaValidator();
    const schema = { ...doc.components.schemas.Error!, components: doc.components } as JsonSchema;
    const shown = new Set<string>();
    for (const [name, response] of Object.entries(doc.components.responses)) {
      const codes = name.split('_or_') as ErrorCode[];
      const examples = response.content?.['application/json']?.examples ?? {};
      expect(Object.keys(examples), name).toEqual(codes);
      for (const code of codes) {
        const value = examples[code]!.value as { error: { code: string; message: string } };
        expect(validate(schema, value), `${name} ${code}`).toBeNull();
        expect(value.error.code).toBe(code);
        expect(value.error.message.length, code).toBeGreaterThan(10);
        shown.add(code);
      }
    }
    expect([...shown].sort()).toEqual(Object.keys(ERROR_CODES).sort());
  });

  it('gives every error response either shape, and each error Sleeve answers fits it: the D3 one, or the legacy one under a pin before 3.0.0 (D7)', async () => {
    const validate = schemaValidator();
    const ua = { 'user-agent': 'MyApp/1.0 (you@example.com)' };
    const cases = [
      { url: '/track/hot?limit=0', path: '/track/hot', legacy: false },
      { url: '/v2.5.0/track/hot?limit=0', path: '/track/hot', legacy: true },
      { url: '/v2.1.0/search/all?query=love', path: '/search/all', legacy: true },
      { url: '/current/artist/info?id=999999999', path: '/artist/info', legacy: false },
    ];
    for (const { url, path, legacy } of cases) {
      const res = await sleeve.fetch(new Request(`http://sleeve.test${url}`, { headers: ua }));
      const body = await res.json();
      const schema = documentedBody(doc, opOf(path), res.status);
      expect(schema, `${url} → ${res.status}`).toBeDefined();
      expect(validate(schema!, body), `${url} → ${JSON.stringify(body)}`).toBeNull();
      expect(typeof body.error === 'string', url).toBe(legacy);
    }
  });

  it("describes each answer: a JSON schema, a medium, a redirect with Location, a socket's 101", () => {
    for (const endpoint of described) {
      const ok = opOf(endpoint.path, endpoint.method).responses;
      if (isMedia(endpoint.response)) {
        const status = String(endpoint.response.status ?? 200);
        expect(ok[status], endpoint.path).toBeDefined();
        continue;
      }
      const ref = (ok['200'] as { content: Record<string, { schema: Ref }> }).content['application/json']!.schema.$ref;
      expect(doc.components.schemas[ref.split('/').pop()!], endpoint.path).toBeDefined();
    }
    expect(Object.keys((opOf('/track/preview').responses['302'] as { headers: object }).headers)).toContain('Location');
    expect(opOf('/nowplaying/socket').responses['101']).toBeDefined();
    expect(opOf('/batch', 'POST').requestBody?.content['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/BatchBody',
    });
    const cached = opOf('/track/hot').responses['200'] as { headers: object };
    expect(Object.keys(cached.headers)).toEqual(
      expect.arrayContaining(['X-Cache', 'ETag', 'Cache-Control', 'RateLimit-Limit']),
    );
  });

  it("documents the pictures' 404 as the placeholder SVG they answer, not a D3 error", async () => {
    for (const url of [
      '/cover?artist=Nobody%20Here&title=Nothing',
      '/artistimage?id=999999999',
      '/media/images/genre/999999.svg',
    ]) {
      const res = await sleeve.fetch(new Request(`http://sleeve.test${url}`));
      const path = url.split('?')[0]!.replace(/^\/media\/images\/.*/, '/media/images/{kind}/{file}');
      const documented = doc.paths[path]!.get!.responses['404'] as { content?: Record<string, unknown> };
      expect(res.status, url).toBe(404);
      expect(Object.keys(documented.content ?? {}), url).toEqual([res.headers.get('content-type')!.split(';')[0]]);
      await res.arrayBuffer();
    }
  });

  it('converts every answer and body schema without losing a rule JSON Schema cannot say', () => {
    for (const endpoint of endpoints) {
      const answer = endpoint.response as Answer;
      for (const schema of [isMedia(answer) ? undefined : answer, endpoint.body]) {
        if (schema)
          expect(() => toJsonSchema(schema, { ...CONVERSION, errorMode: 'throw' }), endpoint.path).not.toThrow();
      }
    }
  });
});

describe('/openapi.json servers', () => {
  const prefixes = ['/current', ...VERSION_NAMES.map((v) => `/v${v}`)];

  it('are relative to where the document was fetched when no base URL is set, whatever the request', async () => {
    expect(doc.servers.map((s) => s.url)).toEqual(['/', ...prefixes]);
    expect(await documentOf(sleeve, 'https://api.example.org:8443/openapi.json')).toEqual(doc);
  });

  it('name each version prefix once, after the base, with what its pin changes', () => {
    const of = (url: string) => doc.servers.find((s) => s.url === url)!.description;
    expect(of('/current')).toContain('newest version');
    expect(of('/v2.5.0')).toContain('pinned to 2.5.0: errors as `LegacyError`');
    expect(of('/v3.0.0')).toContain('pinned to 3.0.0;');
  });

  it('are SLEEVE_BASE_URL (baseUrl) whatever the request, else basePath under a mount', async () => {
    const based = await documentOf(
      describedSleeve({ baseUrl: 'https://music.example.com/' }),
      'http://internal:8787/openapi.json',
    );
    expect(based.servers.map((s) => s.url)).toEqual([
      'https://music.example.com',
      ...prefixes.map((p) => `https://music.example.com${p}`),
    ]);
    const mounted = await documentOf(describedSleeve({ basePath: '/music' }), 'http://sleeve.test/music/openapi.json');
    expect(mounted.servers.map((s) => s.url)).toEqual(['/music', ...prefixes.map((p) => `/music${p}`)]);
  });

  it('carry the mount, and so do the paths the intro names, as a client must send them', async () => {
    const intro = (d: typeof doc) => d.info.description;
    const mounted = await documentOf(describedSleeve({ basePath: '/music' }), 'http://sleeve.test/music/openapi.json');
    const based = await documentOf(describedSleeve({ baseUrl: 'https://music.example.com/api/' }));
    for (const [d, mount] of [
      [doc, ''],
      [mounted, '/music'],
      [based, '/api'],
    ] as const) {
      for (const path of ['/llms.txt', '/docs', '/errors', '/current/…', '/v2.5.0/…'])
        expect(intro(d), `${mount}${path}`).toMatch(new RegExp(`[\` ]${mount}${path}\``));
      // A root path a client of the mounted service would send to the wrong place.
      if (mount !== '') expect(intro(d)).not.toMatch(/`(GET )?\/(llms\.txt|docs|errors|current|v\d)/);
    }
  });

  it('are the same document under a version prefix', async () => {
    expect(await documentOf(sleeve, 'http://sleeve.test/v2.5.0/openapi.json')).toEqual(doc);
  });
});

describe('/openapi.json as served', () => {
  it('needs no User-Agent, is cached an hour with an ETag, and answers 304 to it', async () => {
    const first = await sleeve.fetch(new Request('http://sleeve.test/openapi.json'));
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^application\/json/);
    expect(first.headers.get('cache-control')).toBe('public, max-age=3600');
    const etag = first.headers.get('etag')!;
    const again = await sleeve.fetch(
      new Request('http://sleeve.test/openapi.json', { headers: { 'if-none-match': etag } }),
    );
    expect(again.status).toBe(304);
  });
});
