/**
 * @module
 * `/openapi.json`: the whole OpenAPI 3.1 document, generated from the route table and
 * nothing else. Built once per app (`describeService`); only `servers` depend on the base a
 * request sees, so placing it at a base (`servedAt`) is a shallow copy.
 */
import type { AnyEndpoint } from '../http/endpoint.ts';
import { STALE_MS } from '../http/cache.ts';
import { PREFIXES } from '../http/version-prefix.ts';
import { CURRENT, VERSIONS } from '../http/versions.ts';
import type { Mode } from '../options.ts';
import { VERSION } from '../version.ts';
import { modeSentence, SERVICE_NAME, SERVICE_SUMMARY } from './about.ts';
import { ERROR_SCHEMA, errorResponses, LEGACY_ERROR_SCHEMA } from './errors.ts';
import { HEADERS } from './headers.ts';
import { describeOperation, operationIdOf, tagOf } from './operation.ts';
import { openApiPath } from './parameters.ts';
import { CONTACT_EXAMPLE, SECURITY_SCHEMES } from './security.ts';
import type { JsonSchema, Method, OpenApiDocument, Server } from './types.ts';

export interface ServiceFacts {
  endpoints: readonly AnyEndpoint[];
  mode: Mode;
  /** D8's factor or `off`: the limits published are the ones enforced. */
  rateLimits: number | 'off';
}

function rateLimitText(rateLimits: number | 'off'): string {
  if (rateLimits === 'off') return '**Rate limits (D8).** Off on this deployment.';
  const scaled = rateLimits === 1 ? '' : ` (the usual figures times ${rateLimits} on this deployment)`;
  return `**Rate limits (D8).** Per client IP, per endpoint, per minute, as each endpoint states (\`x-rate-limit\`)${scaled}. Limited answers carry \`RateLimit-*\` and \`X-RateLimit-*\`; past the limit, 429 with \`Retry-After\`. The AI routes also have hourly budgets of model calls (D31, \`x-generations\`): cached answers do not count, and a fresh one carries that budget's \`RateLimit-*\`.`;
}

/**
 * The service's rules, one markdown paragraph each: after the summary in the document's
 * `info.description`, and as they are in `/llms.txt`.
 */
export function serviceRules(facts: ServiceFacts): string[] {
  const pins = VERSIONS.map((v) => `\`/v${v.name}/…\``).join(', ');
  const current = VERSIONS.find((v) => v.errorShape === 'current')!.name;
  return [
    `**User-Agent (D2).** Every endpoint that is not public needs a contact e-mail address in \`User-Agent\` (\`${CONTACT_EXAMPLE}\`), or in \`Api-User-Agent\` where a browser will not let a script set User-Agent. Without one: 401.`,
    `**Versions (D7).** ${pins} pin a version; \`/current/…\` and no prefix follow the newest (${CURRENT.name}). A pin answers only the paths it had (\`x-since\`); pins before ${current} answer errors as \`{ "error": "<message>" }\` and send only \`X-RateLimit-*\`.`,
    rateLimitText(facts.rateLimits),
    `**Caching (D9).** Each endpoint states its lifetime (\`x-cache\`: seconds, \`forever\` or \`no-store\`). Cached answers carry \`X-Cache\`, \`ETag\` (304 for a matching \`If-None-Match\`) and \`Cache-Control\`; when an upstream fails, an answer expired less than ${STALE_MS / 3_600_000} h ago is served as \`STALE\`.`,
    '**Errors (D3).** `{ "ok": false, "error": { "code", "message", ... } }`; `GET /errors` lists every code.',
  ];
}

function infoDescription(facts: ServiceFacts): string {
  const more = 'The same, as plain text for language models: `/llms.txt`; as a page to try requests in: `/docs`.';
  // Not the summary again: `info.summary` carries it, and Swagger UI shows both.
  return [modeSentence(facts.mode), ...serviceRules(facts), more].join('\n\n');
}

/** `trackHot` → `TrackHot`: the stem of an operation's schema components. */
const pascal = (id: string) => id[0]!.toUpperCase() + id.slice(1);

/** The document without `servers`: everything that does not depend on the caller's base. */
export function describeService(facts: ServiceFacts): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const schemas: Record<string, JsonSchema> = { Error: ERROR_SCHEMA, LegacyError: LEGACY_ERROR_SCHEMA };
  const ids = new Set<string>();
  for (const endpoint of facts.endpoints) {
    const method = (endpoint.method ?? 'GET').toLowerCase() as Method;
    let id = operationIdOf(endpoint.path);
    // Two methods on one path: the second is named with its method (`postBatch`).
    if (ids.has(id)) id = `${method}${pascal(id)}`;
    for (let n = 2; ids.has(id); n++) id = `${id.replace(/\d+$/, '')}${n}`;
    ids.add(id);
    const { operation, answer, body } = describeOperation(endpoint, id, pascal(id), facts.rateLimits);
    if (answer) schemas[`${pascal(id)}Answer`] = answer;
    if (body) schemas[`${pascal(id)}Body`] = body;
    (paths[openApiPath(endpoint.path)] ??= {})[method] = operation;
  }
  return {
    openapi: '3.1.0',
    info: { title: SERVICE_NAME, version: VERSION, summary: SERVICE_SUMMARY, description: infoDescription(facts) },
    servers: [],
    tags: [...new Set(facts.endpoints.map((e) => tagOf(e.path)))].map((name) => ({ name })),
    paths,
    components: { schemas, responses: errorResponses(), headers: HEADERS, securitySchemes: SECURITY_SCHEMES },
  };
}

/** This deployment at its base, and the same base under a version prefix (D7), named once. */
export function serversFor(base: string): Server[] {
  const prefixes = PREFIXES.filter((p) => p.prefix !== '').map((p) => p.prefix.slice(1));
  return [
    { url: base, description: `This deployment: the newest version (${CURRENT.name}).` },
    {
      url: `${base}/{version}`,
      description: 'The same under a version prefix (D7).',
      variables: {
        version: { default: 'current', enum: prefixes, description: '`current` follows the newest version; `v<major>.<minor>.<patch>` pins one.' },
      },
    },
  ];
}

export function servedAt(document: OpenApiDocument, base: string): OpenApiDocument {
  return { ...document, servers: serversFor(base) };
}
