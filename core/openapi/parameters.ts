/**
 * @module
 * An endpoint's parameters as OpenAPI Parameter Objects: the query ones from its valibot
 * schema (required when the schema has no `optional`, bounds and defaults as its checks have
 * them), the path ones from Hono's `:name` segments, each with the declaration's example.
 */
import type * as v from 'valibot';
import type { AnyEndpoint } from '../http/endpoint.ts';
import { queryFormOf } from '../http/query-form.ts';
import { jsonSchemaOf } from './json-schema.ts';
import type { JsonSchema, Parameter } from './types.ts';

/** Hono's `/media/images/:kind/:file` as OpenAPI writes it: `/media/images/{kind}/{file}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** The example's string as the schema's type: `limit: '5'` is the integer 5, `types` a list. */
function typed(value: string, schema: JsonSchema): unknown {
  if (schema.type === 'integer' || schema.type === 'number') return Number(value);
  if (schema.type === 'array') return value.split(',').map((part) => part.trim());
  return value;
}

/**
 * D40: what an array parameter accepts besides the comma-separated form `style: form,
 * explode: false` declares. The exploded form is what most generated clients send by default
 * (openapi-fetch among them), whatever the document says, and it means the same list.
 */
function listNote(name: string): string {
  return `A comma-separated list (\`${name}=a,b\`); the same list repeated (\`${name}=a&${name}=b\`), as generated clients send arrays, is accepted too, and the two mixed.`;
}

function queryParameters(endpoint: AnyEndpoint): Parameter[] {
  if (!endpoint.params) return [];
  const object = jsonSchemaOf(endpoint.params);
  // A piped object (`v.pipe(v.object(...), v.check(...))`) keeps its object's `entries`.
  const entries = (endpoint.params as { entries?: Record<string, v.GenericSchema> }).entries ?? {};
  const required = new Set(object.required ?? []);
  return Object.entries(object.properties ?? {}).map(([name, converted]) => {
    const { description, ...own } = converted as JsonSchema;
    // A query form replaces the converter's whole "a string matching digits" answer.
    const form = entries[name] ? queryFormOf(entries[name]) : undefined;
    const schema = (form ? structuredClone(form) : own) as JsonSchema; // a copy: the document is handed out
    const example = endpoint.example?.[name];
    const list = schema.type === 'array';
    const said = [description, list ? listNote(name) : undefined].filter(Boolean).join(' ');
    return {
      name,
      in: 'query' as const,
      required: required.has(name),
      ...(said ? { description: said } : {}),
      schema,
      ...(list ? { style: 'form' as const, explode: false } : {}),
      ...(example !== undefined ? { example: typed(example, schema) } : {}),
    };
  });
}

function pathParameters(endpoint: AnyEndpoint): Parameter[] {
  return [...endpoint.path.matchAll(/:([A-Za-z0-9_]+)/g)].map(([, name]) => {
    const example = endpoint.example?.[name!];
    return {
      name: name!,
      in: 'path' as const,
      required: true,
      schema: { type: 'string' },
      ...(example !== undefined ? { example } : {}),
    };
  });
}

export function parametersOf(endpoint: AnyEndpoint): Parameter[] {
  return [...pathParameters(endpoint), ...queryParameters(endpoint)];
}

/**
 * The rules that tie parameters together (`give isrc, or both artist and title`): the
 * messages of the checks on the whole query, which no single parameter's schema can carry;
 * then those the endpoint states itself (`rules`: a link's platforms, a stream's headers).
 */
export function rulesOf(endpoint: AnyEndpoint): string[] {
  const pipe = (endpoint.params as { pipe?: readonly { kind: string; message?: unknown }[] } | undefined)?.pipe ?? [];
  return [
    ...pipe
      .filter((item) => item.kind === 'validation' && typeof item.message === 'string')
      .map((item) => item.message as string),
    ...(endpoint.rules ?? []),
  ];
}
