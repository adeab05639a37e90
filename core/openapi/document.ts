/**
 * @module
 * `/openapi.json`: the whole OpenAPI 3.1 document, generated from the route table and this
 * deployment's options, nothing else. Built once per app (`describeService`): nothing in it
 * depends on the request (`servers` are the configured base, else relative: `serverBase`).
 */
import type { AnyEndpoint } from '../http/endpoint.ts';
import { STALE_MS } from '../http/cache/layer.ts';
import { PREFIXES, type Prefix } from '../http/layers/version-prefix.ts';
import { CURRENT, VERSIONS } from '../http/versions.ts';
import type { Mode } from '../wiring/options.ts';
import { VERSION } from '../version.ts';
import { contactOf, LICENSE, modeSentence, SERVICE_NAME, SERVICE_SUMMARY } from './about.ts';
import { ERROR_SCHEMA, errorResponses, LEGACY_ERROR_SCHEMA } from './errors.ts';
import { HEADERS } from './headers.ts';
import { describeOperation, operationIdOf } from './operation.ts';
import { withLinks } from './links.ts';
import { openApiPath } from './parameters.ts';
import { CONTACT_EXAMPLE, SECURITY_SCHEMES } from './security.ts';
import { tagsOf } from './tags.ts';
import { withoutUnused } from './unused.ts';
import type { JsonSchema, Method, OpenApiDocument, Server } from './types.ts';

export interface ServiceFacts {
  endpoints: readonly AnyEndpoint[];
  mode: Mode;
  /** The rate limits' factor or `off`: the limits published are the ones enforced. */
  rateLimits: number | 'off';
  /** The instance's model calls per hour (D56): published whatever the rate limits say, as it is enforced. */
  aiPerHour: number;
  /** The operator's e-mail or URL (`SLEEVE_CONTACT`), published as `info.contact`. */
  contact?: string | undefined;
  /** Where `servers` place this deployment: `serverBase(options)`; absent, the root. */
  base?: string;
}

function rateLimitText(rateLimits: number | 'off', aiPerHour: number): string {
  const ceiling = `The AI routes together make at most ${aiPerHour} model calls per hour for the whole instance (\`x-ai-per-hour\`), whoever asks: past them, 503 \`service_unavailable\` with \`Retry-After\` until the hour ends.`;
  if (rateLimits === 'off') return `**Rate limits.** Off on this deployment. ${ceiling}`;
  const scaled = rateLimits === 1 ? '' : ` (the usual figures times ${rateLimits} on this deployment)`;
  return `**Rate limits.** Per client IP, per endpoint, per minute, as each endpoint states (\`x-rate-limit\`)${scaled}. Limited answers carry \`RateLimit-*\` and \`X-RateLimit-*\`; past the limit, 429 with \`Retry-After\`. The AI routes also have hourly budgets of model calls (\`x-generations\`): cached answers do not count, and a fresh one carries that budget's \`RateLimit-*\`. ${ceiling}`;
}

/**
 * The service's rules, one markdown paragraph each: after the summary in the document's
 * `info.description`, and as they are in `/llms.txt`.
 */
export function serviceRules(facts: ServiceFacts): string[] {
  const mount = mountOf(facts.base ?? '');
  const pins = VERSIONS.map((v) => `\`${mount}/v${v.name}/…\``).join(', ');
  const current = VERSIONS.find((v) => v.errorShape === 'current')!.name;
  return [
    `**User-Agent.** Every endpoint that is not public needs a contact e-mail address in \`User-Agent\` (\`${CONTACT_EXAMPLE}\`), or in \`Api-User-Agent\` where a browser will not let a script set User-Agent. Without one: 401.`,
    `**Versions.** ${pins} pin a version; \`${mount}/current/…\` and no prefix follow the newest (${CURRENT.name}). A pin answers only the paths it had (\`x-since\`); pins before ${current} answer errors as \`{ "error": "<message>" }\` and send only \`X-RateLimit-*\`.`,
    rateLimitText(facts.rateLimits, facts.aiPerHour),
    `**Caching.** Each endpoint states its lifetime (\`x-cache\`: seconds, \`forever\` or \`no-store\`). Cached answers carry \`X-Cache\`, \`ETag\` (304 for a matching \`If-None-Match\`) and \`Cache-Control\`; when an upstream fails, an answer expired less than ${STALE_MS / 3_600_000} h ago is served as \`STALE\`.`,
    `**Errors.** \`{ "ok": false, "error": { "code", "message", ... } }\`; \`GET ${mount}/errors\` lists every code.`,
  ];
}

/**
 * The path the service is mounted under (`/music`), from `serverBase`'s value: what the paths
 * the rules name carry, as a client must send them. Empty at the root.
 */
function mountOf(base: string): string {
  const path = URL.canParse(base) ? new URL(base).pathname : base;
  return path.replace(/\/+$/, '');
}

function infoDescription(facts: ServiceFacts): string {
  const mount = mountOf(facts.base ?? '');
  const more = `The same, as plain text for language models: \`${mount}/llms.txt\`; as a page to try requests in: \`${mount}/docs\`.`;
  // Not the summary again: `info.summary` carries it, and Swagger UI shows both.
  return [modeSentence(facts.mode), ...serviceRules(facts), more].join('\n\n');
}

/** `trackHot` → `TrackHot`: the stem of an operation's schema components. */
const pascal = (id: string) => id[0]!.toUpperCase() + id.slice(1);

/** Whether the document lists an endpoint: all but the few declared `described: false`. */
export const isDescribed = (endpoint: AnyEndpoint): boolean => endpoint.described !== false;

export function describeService(facts: ServiceFacts): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const schemas: Record<string, JsonSchema> = { Error: ERROR_SCHEMA, LegacyError: LEGACY_ERROR_SCHEMA };
  const ids = new Set<string>();
  const described = facts.endpoints.filter(isDescribed);
  for (const endpoint of described) {
    const method = (endpoint.method ?? 'GET').toLowerCase() as Method;
    let id = operationIdOf(endpoint.path);
    // Two methods on one path: the second is named with its method (`postBatch`).
    if (ids.has(id)) id = `${method}${pascal(id)}`;
    for (let n = 2; ids.has(id); n++) id = `${id.replace(/\d+$/, '')}${n}`;
    ids.add(id);
    const { operation, answer, body } = describeOperation(endpoint, id, pascal(id), facts.rateLimits, facts.aiPerHour);
    if (answer) schemas[`${pascal(id)}Answer`] = answer;
    if (body) schemas[`${pascal(id)}Body`] = body;
    (paths[openApiPath(endpoint.path)] ??= {})[method] = operation;
  }
  const doc: OpenApiDocument = {
    openapi: '3.1.0',
    info: {
      title: SERVICE_NAME,
      version: VERSION,
      summary: SERVICE_SUMMARY,
      description: infoDescription(facts),
      contact: contactOf(facts.contact),
      license: LICENSE,
    },
    servers: serversFor(facts.base ?? ''),
    tags: tagsOf(described.map((e) => e.path)),
    paths,
    components: { schemas, responses: errorResponses(), headers: HEADERS, securitySchemes: SECURITY_SCHEMES },
  };
  withLinks(doc);
  return withoutUnused(doc);
}

/**
 * Where `servers` place this deployment: `SLEEVE_BASE_URL` when the operator gave one, else
 * the path Sleeve is mounted under, a URL relative to wherever the document was fetched
 * (OpenAPI resolves it against the document's own address). Not the origin a request came
 * in at, as links in answers use: behind a proxy that is the internal one
 * (`http://sleeve:8787`, plain HTTP), whereas the address a client fetched the document from
 * is one it can reach. A local run's document so never names `localhost` either, which the
 * linters client developers run flag as a placeholder (Redocly's no-server-example.com).
 */
export function serverBase(options: { baseUrl?: string | undefined; basePath?: string | undefined }): string {
  return options.baseUrl ?? options.basePath ?? '';
}

/** What a prefix changes: what a client generated for that server must know. */
function prefixNote({ prefix, version }: Prefix): string {
  if (prefix === '/current') return 'following the newest version';
  const older =
    version!.errorShape === 'legacy' ? ': errors as `LegacyError`, rate limits in `X-RateLimit-*` alone' : '';
  return `pinned to ${version!.name}${older}; paths added later answer 404`;
}

/**
 * This deployment at its base, then under each version prefix. One server per prefix
 * rather than one with a `{version}` variable: the list is fixed, each entry can say what its
 * pin changes, and Spectral refuses a relative URL with variables (stoplightio/spectral#2545).
 */
function serversFor(base: string): Server[] {
  return [
    // `/`, not an empty URL, at the root: the value OpenAPI itself assumes when none is given.
    { url: base || '/', description: `This deployment: the newest version (${CURRENT.name}).` },
    ...PREFIXES.filter((p) => p.prefix !== '').map((p) => ({
      url: `${base}${p.prefix}`,
      description: `The same, ${prefixNote(p)}.`,
    })),
  ];
}
