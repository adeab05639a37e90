/**
 * @module
 * A query parameter's `wire` description: what it accepts in the query string, as JSON Schema
 * keywords, kept as valibot metadata on its schema (`core/schemas/params.ts` attaches it). Read
 * by the query reader (`core/http/layers/params.ts`: which parameters are joined when repeated)
 * and by `/openapi.json` (`core/openapi/parameters.ts`). Below both, so neither reaches up into
 * the other's layer for it.
 */
import * as v from 'valibot';

/** What a parameter accepts in the query string, as JSON Schema keywords (published, never checked). */
export interface WireSchema {
  type: 'integer' | 'number' | 'string' | 'array';
  enum?: readonly string[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  /** An ECMAScript regular expression the text must match somewhere (anchor it to match all of it). */
  pattern?: string;
  /** A JSON Schema format the text must have (`uri-reference`). */
  format?: string;
  /** The value an absent parameter stands for. */
  default?: number | string | readonly string[];
  /** A comma-separated list's items (`type: 'array'`). */
  items?: { type: 'string'; enum: readonly string[] };
  /** A list's least number of items (1: an empty list is refused). */
  minItems?: number;
}

/** Attaches a parameter's `wire` description (see the module); `T` is whatever the pipe holds there. */
export function wire<T>(schema: WireSchema): v.MetadataAction<T, { readonly wire: WireSchema }> {
  return v.metadata({ wire: schema });
}

/**
 * The `wire` metadata of a parameter, looking inside `optional(...)` for a wrapped block:
 * what `/openapi.json` publishes for it, and (an array) which parameters the query reader
 * joins when repeated (D40).
 */
export function wireOf(schema: v.GenericSchema<any, any>): WireSchema | undefined {
  const own = metadataOf(schema).wire;
  if (own !== undefined) return own;
  return 'wrapped' in schema ? metadataOf(schema.wrapped as v.GenericSchema<any, any>).wire : undefined;
}

function metadataOf(schema: v.GenericSchema<any, any>): { wire?: WireSchema } {
  return v.getMetadata(schema as never) as { wire?: WireSchema };
}
