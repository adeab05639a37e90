/**
 * The description and the server agree, value by value: for every parameter of every operation
 * and every field of every request body in the served `/openapi.json`, values are derived from
 * the description itself (its bounds and one past them, lengths and one past them, blank and
 * padded text, exponent forms of numbers, whole numbers and fractions, each enum value and one
 * outside, empty lists and an item outside them, a value breaking the pattern or format), each
 * is judged by the parameter's published schema (ajv with its formats) and sent to the server,
 * and the two verdicts must be the same: refused by the description exactly when the server
 * answers 400. The other parameters keep the description's example; answers the data decides
 * (404, 503 without an upstream) count as "not refused".
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { JsonSchema, Operation, Parameter, Ref } from '../../../core/openapi/types.ts';
import { startFakeModel } from '../../helpers/fake-openai.ts';
import { describedSleeve, documentOf, operations, schemaValidator } from '../../helpers/openapi/document.ts';
import { UA } from '../../helpers/user-agent.ts';

const model = await startFakeModel();
afterAll(() => model.close());
// Rate limits off and a chat model on loopback, so the AI routes and `/chat` reach their checks.
const sleeve = describedSleeve({
  rateLimits: 'off',
  ai: { url: model.url, key: 'sk-test', model: 'm', timeoutMs: 2000 },
});
const doc = await documentOf(sleeve);
const validate = schemaValidator();

/**
 * Rules the description states in words only, where the server is stricter than the schema:
 * for these, a value the schema accepts may be refused, never the reverse.
 */
const WORDED: Record<string, { why: string; trimmed?: boolean }> = {
  'GET /resolve url': {
    why: 'a link of one of five platforms naming an item; read trimmed, as pasted links are',
    trimmed: true,
  },
  'POST /chat messages[].role': { why: "the last message must be the user's" },
};

/** A JSON number literal, as the description's `integer` and `number` read a query value. */
const JSON_NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

/** A query value as the description reads it: numbers as JSON numbers, lists split on commas. */
function typed(text: string, schema: JsonSchema): unknown {
  if (schema.type === 'integer' || schema.type === 'number') return JSON_NUMBER.test(text) ? Number(text) : text;
  if (schema.type === 'array') return text === '' ? [] : text.split(',');
  return text;
}

/** `text` brought to `length` characters: cut, or lengthened by `filler` (after a `?` for a URI, to stay one). */
function sized(text: string, length: number, filler: string, schema: JsonSchema): string {
  const chars = [...text];
  if (chars.length >= length) return chars.slice(0, length).join('');
  const base = schema.format?.startsWith('uri') && !text.includes('?') ? `${text}?` : text;
  return base + filler.repeat(Math.max(0, length - [...base].length));
}

function numbersOf(schema: JsonSchema, example: number): string[] {
  const integer = schema.type === 'integer';
  const step = integer ? 1 : 0.01;
  const texts = [String(example), example.toExponential(), example.toExponential().toUpperCase(), 'abc', ''];
  for (const bound of [schema.minimum, schema.maximum]) {
    if (bound === undefined) continue;
    texts.push(String(bound), bound.toExponential(), String(bound - step), String(bound + step));
  }
  const low = schema.minimum ?? 0;
  texts.push(String(low + 1e-7), String(low + 0.5), `${example}.0`, String(example + 0.5));
  return texts;
}

function textsOf(schema: JsonSchema, example: string): string[] {
  const texts = [example, '', ' ', '   ', ` ${example} `, `${example}!`, example.slice(1), `${example} ${example}`];
  texts.push([example, example, example, example, example].join(','), Array(6).fill(example).join(','), ',', ' , ');
  for (const length of [schema.minLength, schema.maxLength]) {
    if (length === undefined) continue;
    for (const n of [length - 1, length, length + 1].filter((n) => n >= 0)) {
      texts.push(sized(example, n, 'a', schema), sized(example, n, '\u{1F3B5}', schema));
    }
  }
  return texts;
}

/** The values to try for a schema, written as text (a query value); `example` is the description's. */
function candidates(schema: JsonSchema, example: unknown): string[] {
  if (schema.enum) return [...schema.enum.map(String), 'zzz', String(schema.enum[0]).toUpperCase(), ''];
  if (schema.type === 'array') {
    const items = ((schema.items as JsonSchema | undefined)?.enum ?? []).map(String);
    return [...items, items.join(','), '', 'zzz', `${items[0]},zzz`, String((example as unknown[] | undefined) ?? '')];
  }
  if (schema.type === 'integer' || schema.type === 'number') return numbersOf(schema, Number(example ?? 1));
  return textsOf(schema, String(example ?? 'x'));
}

let address = 0;
/** A fresh client address per request, so no budget of the AI routes runs out. */
function clientIp(): string {
  address++;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
}

/** Whether the server refuses: a 400 (its body read, so the param it names can be reported). */
async function refused(request: Request): Promise<{ refused: boolean; said: string }> {
  const res = await sleeve.fetch(request, { clientIp: clientIp() });
  if (res.status !== 400) {
    await res.body?.cancel();
    return { refused: false, said: String(res.status) };
  }
  const body = (await res.json()) as { error?: { param?: string; message?: string } };
  return { refused: true, said: `400 ${body.error?.param}: ${body.error?.message}` };
}

function queryOf(values: Record<string, string | undefined>): string {
  return Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}=${encodeURIComponent(value!)}`)
    .join('&');
}

/** The example as query text: lists comma-joined. */
function exampleText(p: Parameter): string | undefined {
  return p.example === undefined ? undefined : Array.isArray(p.example) ? p.example.join(',') : String(p.example);
}

interface Disagreement {
  at: string;
  value: unknown;
  description: string | null;
  server: string;
}

/** Compares the verdicts; a worded rule lets the server refuse what the schema accepts. */
function judge(key: string, value: unknown, description: string | null, server: { refused: boolean; said: string }) {
  const worded = WORDED[key];
  const agree =
    (description !== null) === server.refused || (worded !== undefined && description === null && server.refused);
  return agree ? undefined : { at: key, value, description, server: server.said };
}

const gets = operations(doc).filter(({ method, op }) => method === 'get' && (op.parameters ?? []).length > 0);

describe('the description and the server agree on every parameter', () => {
  it('each derived value is refused by both or by neither', async () => {
    const found: Disagreement[] = [];
    let tried = 0;
    for (const { path, op } of gets) {
      const params = op.parameters ?? [];
      const target = path.replace(/\{(\w+)\}/g, (_, name) => String(params.find((p) => p.name === name)?.example));
      const query = params.filter((p) => p.in === 'query');
      const base = Object.fromEntries(query.map((p) => [p.name, exampleText(p)]));
      // A stream's endpoint is asked for its stream, as the description offers it.
      const streams = Object.values(op.responses).some((r) => 'content' in r && r.content?.['text/event-stream']);
      const headers = { 'user-agent': UA, ...(streams ? { accept: 'text/event-stream' } : {}) };
      const send = (values: Record<string, string | undefined>) =>
        refused(new Request(`http://sleeve.test${target}?${queryOf(values)}`, { headers }));
      const example = await send(base);
      expect(example.refused, `GET ${path} with its example: ${example.said}`).toBe(false);
      for (const p of query) {
        const key = `GET ${path} ${p.name}`;
        const worded = WORDED[key];
        const texts: (string | undefined)[] = [undefined, ...new Set(candidates(p.schema, p.example))];
        for (const text of texts) {
          const shown = text === undefined ? text : worded?.trimmed ? text.trim() : text;
          const description =
            shown === undefined ? (p.required ? 'required' : null) : validate(p.schema, typed(shown, p.schema));
          const disagreement = judge(key, text, description, await send({ ...base, [p.name]: text }));
          if (disagreement) found.push(disagreement);
          tried++;
        }
      }
    }
    expect(found).toEqual([]);
    expect(tried).toBeGreaterThan(1000);
  });
});

/** A request body's schema with its `#/components/…` references resolvable from its root. */
function bodySchema(op: Operation): JsonSchema {
  const schema = op.requestBody!.content['application/json']!.schema as JsonSchema | Ref;
  const own = '$ref' in schema ? doc.components.schemas[(schema.$ref as string).split('/').pop()!]! : schema;
  return { ...own, components: doc.components } as unknown as JsonSchema;
}

interface Field {
  name: string;
  schema: JsonSchema;
  required: boolean;
  /** The body with this field set to `value` (or removed, undefined). */
  set(body: unknown, value: unknown): unknown;
  get(body: unknown): unknown;
}

/** Every field of an object schema, arrays' items reached through their first item (`requests[].path`). */
function fieldsOf(schema: JsonSchema, prefix = '', at: (body: any) => any = (b) => b): Field[] {
  const fields: Field[] = [];
  const required = new Set(schema.required ?? []);
  for (const [name, inner] of Object.entries(schema.properties ?? {}) as [string, JsonSchema][]) {
    const get = (body: any) => at(body)?.[name];
    const set = (body: any, value: unknown) => {
      const copy = structuredClone(body);
      const holder = at(copy);
      if (value === undefined) delete holder[name];
      else holder[name] = value;
      return copy;
    };
    fields.push({ name: `${prefix}${name}`, schema: inner, required: required.has(name), set, get });
    const items = inner.items as JsonSchema | undefined;
    if (inner.type === 'array' && items?.type === 'object') {
      fields.push(...fieldsOf(items, `${prefix}${name}[].`, (body) => get(body)?.[0]));
    }
  }
  return fields;
}

/** The values to try for a body field: its scalar candidates, or for a list its lengths around the bounds. */
function bodyValues(field: Field, example: unknown): unknown[] {
  const { schema } = field;
  if (schema.type === 'array') {
    const list = example as unknown[];
    const filled = (n: number) => Array.from({ length: n }, (_, i) => list[i % list.length]);
    const lengths = [schema.minItems, schema.maxItems].flatMap((n) => (n === undefined ? [] : [n - 1, n, n + 1]));
    return [...lengths.filter((n) => n >= 0).map(filled), 'x', [42]];
  }
  return [...candidates(schema, example), 42, null];
}

const posts = operations(doc).filter(({ op }) => op.requestBody !== undefined);

describe('the description and the server agree on every field of every request body', () => {
  it('each derived body is refused by both or by neither', async () => {
    const found: Disagreement[] = [];
    let tried = 0;
    for (const { path, method, op } of posts) {
      const schema = bodySchema(op);
      const example = op.requestBody!.content['application/json']!.example;
      const send = (body: unknown) =>
        refused(
          new Request(`http://sleeve.test${path}`, {
            method: method.toUpperCase(),
            headers: { 'user-agent': UA, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          }),
        );
      const first = await send(example);
      expect(first.refused, `${method} ${path} with its example: ${first.said}`).toBe(false);
      for (const field of fieldsOf(schema)) {
        const key = `${method.toUpperCase()} ${path} ${field.name}`;
        for (const value of [undefined, ...bodyValues(field, field.get(example))]) {
          const body = field.set(example, value);
          const disagreement = judge(key, value, validate(schema, body), await send(body));
          if (disagreement) found.push(disagreement);
          tried++;
        }
      }
    }
    expect(posts.map(({ path }) => path)).toEqual(expect.arrayContaining(['/batch', '/chat']));
    expect(found).toEqual([]);
    expect(tried).toBeGreaterThan(50);
  });
});
