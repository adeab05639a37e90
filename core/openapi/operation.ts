/**
 * @module
 * One endpoint as one OpenAPI operation: a name derived from its path, its summary, its
 * description followed by its policy in words, its parameters, body and responses, and the
 * same policy again as `x-` extensions for programs. Aliases are described on the canonical
 * operation (`x-sleeve-aliases` and a line of the description), never as operations of their
 * own: a copy would repeat the operation id, and a `$ref` path item is one more thing for a
 * reader to resolve, for a path that only exists for old clients.
 */
import { isBatchable, isMedia, type AnyEndpoint } from '../http/endpoint.ts';
import { jsonSchemaOf } from './json-schema.ts';
import { openApiPath, parametersOf, rulesOf } from './parameters.ts';
import { effectiveLimit, policySentence, sinceOf } from './policy.ts';
import { scaledLimit } from '../http/layers/rate-limit.ts';
import { responsesOf } from './responses.ts';
import { securityOf } from './security.ts';
import { tagOf } from './tags.ts';
import type { JsonSchema, Operation } from './types.ts';

/** `/track/hot` → `trackHot`, `/media/images/:kind/:file` → `mediaImagesKindFile`, `/` → `root`. */
export function operationIdOf(path: string): string {
  const words = path.split(/[^A-Za-z0-9]+/).filter(Boolean);
  if (words.length === 0) return 'root';
  return words
    .map((word, i) => (i === 0 ? word.toLowerCase() : word[0]!.toUpperCase() + word.slice(1).toLowerCase()))
    .join('');
}

/**
 * A summary as plain text: OpenAPI reads a summary as text (only descriptions are Markdown), so
 * Swagger UI showed a declaration's inline-code backticks as they are typed.
 */
const plainSummary = (summary: string): string => summary.replace(/`/g, '');

function descriptionOf(endpoint: AnyEndpoint, rateLimits: number | 'off', aiPerHour: number): string {
  const lines = [policySentence(endpoint, rateLimits, aiPerHour)];
  lines.push(
    endpoint.public ? 'Public: no User-Agent needed.' : 'Needs a contact User-Agent: `User-Agent` or `Api-User-Agent`.',
  );
  for (const rule of rulesOf(endpoint)) lines.push(`Rule: ${rule}.`);
  const aliases = endpoint.aliases ?? [];
  if (aliases.length > 0)
    lines.push(
      `Also answered at ${aliases.map((a) => `\`${openApiPath(a)}\``).join(', ')}, with the same limit and cache.`,
    );
  const policy = lines.map((line) => `- ${line}`).join('\n');
  return endpoint.description ? `${endpoint.description}\n\n${policy}` : policy;
}

/**
 * The hourly budget of model calls as an extension, scaled like the limits, none when they are
 * off; and the instance's ceiling on them (D56), which holds either way.
 */
function generationsOf(
  endpoint: AnyEndpoint,
  rateLimits: number | 'off',
  aiPerHour: number,
): Pick<Operation, 'x-generations' | 'x-ai-per-hour'> {
  if (!endpoint.generations) return {};
  const perHour = scaledLimit(endpoint.generations.perHour, rateLimits);
  return {
    ...(perHour === undefined ? {} : { 'x-generations': { perHour, budget: endpoint.generations.name } }),
    'x-ai-per-hour': aiPerHour,
  };
}

/** The declaration's working body, as the request body's example (a copy: the document is handed out). */
function bodyExampleOf(endpoint: AnyEndpoint): { example?: unknown } {
  return endpoint.bodyExample === undefined ? {} : { example: structuredClone(endpoint.bodyExample) };
}

export interface Described {
  operation: Operation;
  /** The answer's JSON Schema, for `components/schemas/<name>Answer`. */
  answer?: JsonSchema;
  /** The body's JSON Schema, for `components/schemas/<name>Body`. */
  body?: JsonSchema;
}

/**
 * @param id the operation id (unique in the document; the caller settles clashes)
 * @param schemaName the stem of the components holding its schemas (`TrackHot`)
 */
export function describeOperation(
  endpoint: AnyEndpoint,
  id: string,
  schemaName: string,
  rateLimits: number | 'off',
  aiPerHour: number,
): Described {
  const limit = effectiveLimit(endpoint, rateLimits);
  const parameters = parametersOf(endpoint);
  const json = !isMedia(endpoint.response);
  const operation: Operation = {
    operationId: id,
    summary: plainSummary(endpoint.summary),
    description: descriptionOf(endpoint, rateLimits, aiPerHour),
    tags: [tagOf(endpoint.path)],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(endpoint.body
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: { $ref: `#/components/schemas/${schemaName}Body` },
                ...bodyExampleOf(endpoint),
              },
            },
          },
        }
      : {}),
    responses: responsesOf(endpoint, limit, json ? `#/components/schemas/${schemaName}Answer` : undefined),
    security: securityOf(endpoint),
    ...(limit !== undefined ? { 'x-rate-limit': limit } : {}),
    ...generationsOf(endpoint, rateLimits, aiPerHour),
    ...(endpoint.cache !== undefined ? { 'x-cache': endpoint.cache } : {}),
    'x-since': sinceOf(endpoint),
    'x-batchable': isBatchable(endpoint),
    ...(endpoint.aliases?.length ? { 'x-sleeve-aliases': endpoint.aliases.map(openApiPath) } : {}),
  };
  return {
    operation,
    ...(json ? { answer: jsonSchemaOf(endpoint.response) } : {}),
    ...(endpoint.body ? { body: jsonSchemaOf(endpoint.body) } : {}),
  };
}
