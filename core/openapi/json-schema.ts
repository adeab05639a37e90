/**
 * @module
 * Valibot schemas as JSON Schema draft 2020-12, the dialect of OpenAPI 3.1, through valibot's
 * own converter. Input mode: a parameter is described as it arrives, before any transform.
 * Actions JSON Schema cannot say (`trim`, a custom `check`) are left out rather than refused:
 * the published schema is then looser than the check, never stricter (a test converts every
 * response schema strictly, so a lossy one is noticed). A parameter whose string becomes
 * something else publishes its own query form (`core/http/query-form.ts`, `queryFormOf`).
 */
import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import type { JsonSchema } from './types.ts';

/** The converter's settings, shared with the tests that check nothing is lost. */
export const CONVERSION = {
  target: 'draft-2020-12',
  typeMode: 'input',
  errorMode: 'ignore',
  // A length counted in characters (`maxCharacters` in `core/schemas/params.ts`) is JSON Schema's own `maxLength`.
  overrideAction: ({
    valibotAction,
    jsonSchema,
  }: {
    valibotAction: object;
    jsonSchema: JsonSchema;
  }): JsonSchema | undefined =>
    'maxCharacters' in valibotAction ? { ...jsonSchema, maxLength: valibotAction.maxCharacters as number } : undefined,
} as const;

type AnySchema = v.GenericSchema<any, any>;

/** A schema as JSON Schema, without the `$schema` line (the document's dialect already says it). */
export function jsonSchemaOf(schema: AnySchema): JsonSchema {
  const { $schema: _dialect, ...rest } = toJsonSchema(schema, CONVERSION);
  return rest;
}
