/**
 * @module
 * The self-description, built once per app and cheap to serve: the OpenAPI document does not
 * depend on the request (its `servers` come from the options), so it is rendered to JSON
 * once; `/llms.txt` is rendered once with a stand-in for the base URL, and each request only
 * puts its base in (`SLEEVE_BASE_URL`, or the origin it arrived at and `basePath`), since its
 * curls must be whole URLs. Keyed by the frame, so an app built from another route table
 * describes that table.
 */
import type { FrameApi } from '../http/endpoint.ts';
import { describeService, serverBase, type ServiceFacts } from '../openapi/document.ts';
import type { OpenApiDocument } from '../openapi/types.ts';
import { AI_PER_HOUR, type ResolvedOptions } from '../wiring/options.ts';
import { llmsText } from './llms-txt.ts';

/** Stands for the base until a request gives one; nothing a declaration says looks like it. */
const BASE = '@@sleeve-base@@';

interface Built {
  document: OpenApiDocument;
  json: string;
  llms: string;
}

const built = new WeakMap<FrameApi, Built>();

/** What the description says about this deployment besides its routes. */
type Options = Pick<ResolvedOptions, 'mode' | 'rateLimits'> &
  Partial<Pick<ResolvedOptions, 'aiPerHour' | 'contact' | 'baseUrl' | 'basePath'>>;

function build(frame: FrameApi, options: Options): Built {
  let done = built.get(frame);
  if (done === undefined) {
    const facts: ServiceFacts = {
      endpoints: frame.endpoints,
      mode: options.mode,
      rateLimits: options.rateLimits,
      aiPerHour: options.aiPerHour ?? AI_PER_HOUR,
      contact: options.contact,
      base: serverBase(options),
    };
    const document = describeService(facts);
    done = { document, json: JSON.stringify(document), llms: llmsText(document, facts, BASE) };
    built.set(frame, done);
  }
  return done;
}

/** The document as an object (the landing page reads it; tests too). Shared: never change it. */
export function documentAt(frame: FrameApi, options: Options): OpenApiDocument {
  return build(frame, options).document;
}

/** `/openapi.json`'s text. */
export function openApiJson(frame: FrameApi, options: Options): string {
  return build(frame, options).json;
}

/** `/llms.txt` at `base` (a function replacer: a `$` in a base is not a pattern). */
export function llmsTxt(frame: FrameApi, options: Options, base: string): string {
  return build(frame, options).llms.replaceAll(BASE, () => base);
}
