/**
 * @module
 * The few OpenAPI 3.1 shapes the generator builds, typed only as far as it reads them back
 * (tests, `/llms.txt`); everything else is plain JSON.
 */
import type { JsonSchema } from '@valibot/to-json-schema';
import type { Contact } from './about.ts';

export type { JsonSchema };

/** A Reference Object: `{ "$ref": "#/components/…" }`. */
export interface Ref {
  $ref: string;
}

export interface Parameter {
  name: string;
  in: 'query' | 'path';
  required: boolean;
  description?: string;
  schema: JsonSchema;
  /** A comma-separated list is `form` without `explode`: `types=tracks,albums`. */
  style?: 'form' | 'simple';
  explode?: boolean;
  /** The declaration's example value, typed as the schema says. */
  example?: unknown;
}

export interface Response {
  description: string;
  headers?: Record<string, Ref | { description: string; schema: JsonSchema }>;
  content?: Record<string, { schema?: JsonSchema | Ref; examples?: Record<string, { value: unknown }> }>;
  /** Operations the answer leads to (`links.ts`). */
  links?: Record<string, Link>;
}

/** A Link Object: the operation an answer leads to, each parameter a runtime expression into the answer. */
export interface Link {
  operationId: string;
  parameters: Record<string, string>;
  description: string;
}

export interface Operation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  parameters?: Parameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema | Ref; example?: unknown }> };
  responses: Record<string, Response | Ref>;
  security: Record<string, string[]>[];
  /** Requests per minute per client on this deployment; absent: not limited. */
  'x-rate-limit'?: number;
  /** Model calls per hour per client on this deployment, and the budget's name (shared by endpoints naming it). */
  'x-generations'?: { perHour: number; budget: string };
  /** Model calls per hour for the whole instance, whatever the client or the rate limits (D56). */
  'x-ai-per-hour'?: number;
  /** Seconds, `forever` or `no-store`; absent: not cached by the service. */
  'x-cache'?: number | 'forever' | 'no-store';
  /** The first version that has this path. */
  'x-since': string;
  /** Whether `POST /batch` may carry it (docs/http.md, "POST /batch"). */
  'x-batchable': boolean;
  /** Other paths answering the same, sharing limits and cache. */
  'x-sleeve-aliases'?: string[];
}

export type Method = 'get' | 'post';

type PathItem = Partial<Record<Method, Operation>>;

export interface Server {
  url: string;
  description: string;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: {
    title: string;
    version: string;
    summary: string;
    description: string;
    contact: Contact;
    license: { name: string; identifier: string };
  };
  servers: Server[];
  tags: { name: string; description?: string }[];
  paths: Record<string, PathItem>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, Response>;
    headers: Record<string, { description: string; schema: JsonSchema }>;
    securitySchemes: Record<string, { type: 'apiKey'; in: 'header'; name: string; description: string }>;
  };
}
