/**
 * @module
 * A query parameter's query form: what it accepts in the query string, as JSON Schema
 * keywords, kept as valibot metadata on its schema (`core/schemas/params.ts` attaches it). Read
 * by the query reader (`core/http/layers/params.ts`: which parameters are joined when repeated)
 * and by `/openapi.json` (`core/openapi/parameters.ts`). Below both, so neither reaches up into
 * the other's layer for it.
 */
import * as v from 'valibot';

/** What a parameter accepts in the query string, as JSON Schema keywords (published, never checked). */
export interface QueryForm {
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

/** Attaches a parameter's query form (see the module); `T` is whatever the pipe holds there. */
export function queryForm<T>(schema: QueryForm): v.MetadataAction<T, { readonly queryForm: QueryForm }> {
  return v.metadata({ queryForm: schema });
}

/**
 * The query form of a parameter, looking inside `optional(...)` for a wrapped block:
 * what `/openapi.json` publishes for it, and (an array) which parameters the query reader
 * joins when repeated (D40).
 */
export function queryFormOf(schema: v.GenericSchema<any, any>): QueryForm | undefined {
  const own = metadataOf(schema).queryForm;
  if (own !== undefined) return own;
  return 'wrapped' in schema ? metadataOf(schema.wrapped as v.GenericSchema<any, any>).queryForm : undefined;
}

function metadataOf(schema: v.GenericSchema<any, any>): { queryForm?: QueryForm } {
  return v.getMetadata(schema as never) as { queryForm?: QueryForm };
}
