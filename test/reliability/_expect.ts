/**
 * @module
 * What every answer must be, whatever was sent (issue "The suite", D3, D7): an answer at all
 * (no hang, no connection dropped without one), no 5xx but the declared upstream ones, every
 * error body in the D3 shape of the request's version (`{ ok: false, error: { code, message } }`
 * since 3.0.0, `{ "error": "<message>" }` on `/v2.x` pins), the code matching the status, `Allow`
 * on a 405, no stack trace in any body, and no empty 200. The only non-JSON error body is D14's
 * placeholder picture (404, SVG) on the image routes.
 */
import { ERROR_CODES, type ErrorCode } from '../../core/errors.ts';
import { VERSIONS } from '../../core/http/versions.ts';
import type { RawAnswer } from './_raw.ts';

export type Shape = 'current' | 'legacy' | 'either';

/** The 5xx a caller may see, each for an upstream (D3, D13): never 500. */
const UPSTREAM_CODES: ReadonlySet<string> = new Set([
  'upstream_error',
  'service_unavailable',
  'upstream_timeout',
  'not_configured',
]);
const IMAGE_PATH = /^\/(cover|spotify\/cover|artistimage|media\/)/;
/** A stack frame: `    at f (file:///…/x.ts:12:3)`, raw or JSON-escaped, or a runtime's internal module. */
const STACK = /(?:^|\n|\\n)\s*at \S[^\n]*?:\d+:\d+|\((?:file|node|ext|bun):[^)]*:\d+:\d+\)|node:internal\/|ext:deno_/;

const LEGACY = VERSIONS.filter((v) => v.errorShape === 'legacy').map((v) => v.name);

/**
 * The path as the server sees it: dot segments removed the WHATWG way (`/v2.5.0/../x` is `/x`,
 * and so is `/v2.5.0/%2e%2e/x`), as every runtime's `Request.url` does.
 */
function normalised(target: string): string {
  try {
    return new URL(target.startsWith('/') ? target : `/${target}`, 'http://sleeve.invalid').pathname;
  } catch {
    return target.split('?')[0]!;
  }
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The error shape a target must be answered in (D7): legacy when its first segment is a pin
 * below 3.0.0, percent-encoded unreserved characters decoded first (`/v%32.5.0` is `/v2.5.0`,
 * RFC 3986 §6.2.2.2); current for no prefix, `/current`, `/v3.0.0` and unknown versions;
 * either when the path holds dot segments.
 */
export function shapeOf(target: string): Shape {
  // Dot segments (`/v2.5.0/%2e%2e/x`): Node and Bun remove them, Deno's Request.url keeps
  // `%2e%2e`; whether the pin still applies is the runtime's call, so either shape is right.
  if (/(^|\/)(\.|%2e){1,2}(\/|$|\?)/i.test(target.split('?')[0]!)) return 'either';
  const first = /^\/([^/]*)/.exec(normalised(target))?.[1] ?? '';
  const m = /^v(\d+\.\d+\.\d+)$/.exec(decoded(first));
  return m && LEGACY.includes(m[1]!) ? 'legacy' : 'current';
}

/** The path below any version prefix, for the image-route exception. */
function innerPath(target: string): string {
  return decoded(normalised(target)).replace(/^\/(v[0-9][^/]*|current)(?=\/|$)/, '') || '/';
}

export interface Expect {
  shape: Shape;
  target: string;
  method: string;
}

/** Every rule an answer breaks; empty when it is fine. Each entry starts with its category. */
export function violations(answer: RawAnswer, expect: Expect): string[] {
  if (answer.outcome === 'hang')
    return [`hang: no whole answer within the deadline${answer.status ? ` (status ${answer.status} had come)` : ''}`];
  if (answer.outcome === 'dropped')
    return [`dropped: connection closed with no answer${answer.status ? ` (status ${answer.status}, body cut)` : ''}`];
  if (answer.outcome === 'refused') return ['refused: the server no longer accepts connections'];
  const out: string[] = [];
  const { status } = answer;
  const text = answer.body.toString('utf8');
  if (status < 100) out.push('garbage: no HTTP status line');
  if (STACK.test(text)) out.push('stack: a stack trace in the body');
  if (answer.streaming) return out;
  const inner = innerPath(expect.target);
  const isHead = expect.method.toUpperCase() === 'HEAD';

  if (status >= 500) {
    const healthBody = inner === '/healthz' && status === 503 && text.includes('"checks"');
    if (status === 500 || status === 501 || status > 504) out.push(`5xx: ${status} is not a declared upstream error`);
    else if (!healthBody && !isHead && !codeIn(text, UPSTREAM_CODES))
      out.push(`5xx: ${status} without an upstream error code`);
  }
  if (status >= 400 && !isHead) {
    const picture =
      status === 404 && IMAGE_PATH.test(inner) && /^image\/svg\+xml/.test(answer.headers['content-type'] ?? '');
    const healthBody = inner === '/healthz' && status === 503;
    if (!picture && !healthBody) {
      const problem = shapeProblem(answer, expect.shape);
      if (problem) out.push(`shape: ${problem}`);
    }
  }
  if (status === 405 && !answer.headers.allow) out.push('header: 405 without Allow');
  if (status === 429 && !answer.headers['retry-after']) out.push('header: 429 without Retry-After');
  if (status === 200 && !isHead && answer.body.length === 0) out.push('empty: 200 with an empty body');
  return out;
}

function codeIn(text: string, codes: ReadonlySet<string>): boolean {
  try {
    const body = JSON.parse(text);
    const code = typeof body?.error === 'object' ? body.error?.code : undefined;
    // A legacy body has no code: its message is all it says.
    return code === undefined ? typeof body?.error === 'string' : codes.has(code);
  } catch {
    return false;
  }
}

/** Why a body is not the D3 error shape it should be, or null. */
export function shapeProblem(answer: RawAnswer, shape: Shape): string | null {
  const text = answer.body.toString('utf8');
  if (text.length === 0) return `${answer.status} with an empty body`;
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    return `${answer.status} body is not JSON: ${text.slice(0, 80)}`;
  }
  if (!/json/.test(answer.headers['content-type'] ?? ''))
    return `${answer.status} Content-Type is ${answer.headers['content-type'] ?? 'missing'}`;
  const current = currentProblem(body, answer.status);
  const legacy = legacyProblem(body);
  if (shape === 'current') return current;
  if (shape === 'legacy') return legacy;
  return current && legacy ? `neither shape: ${current}` : null;
}

function currentProblem(body: any, status: number): string | null {
  if (body === null || typeof body !== 'object' || body.ok !== false)
    return `not the current shape (ok:false missing): ${JSON.stringify(body).slice(0, 120)}`;
  const error = body.error;
  if (error === null || typeof error !== 'object') return 'error is not an object';
  if (typeof error.code !== 'string' || !Object.hasOwn(ERROR_CODES, error.code))
    return `unknown code ${JSON.stringify(error.code)}`;
  if (ERROR_CODES[error.code as ErrorCode].status !== status) return `code ${error.code} with status ${status}`;
  if (typeof error.message !== 'string' || error.message.length === 0) return 'no message';
  return null;
}

function legacyProblem(body: any): string | null {
  if (body === null || typeof body !== 'object' || typeof body.error !== 'string' || body.error.length === 0) {
    return `not the legacy shape { "error": "<message>" }: ${JSON.stringify(body).slice(0, 120)}`;
  }
  if ('ok' in body) return 'legacy body carries ok';
  return null;
}

/** `category: detail` → category. */
export const categoryOf = (violation: string): string => violation.slice(0, violation.indexOf(':'));

/**
 * What a runtime's own HTTP parser refuses before Sleeve runs, and Sleeve cannot answer
 * itself: Bun and Deno give no hook there (Node does, and its adapter answers in D3). Such an
 * answer carries none of Sleeve's headers (every Sleeve answer has CORS's) and no body, or the
 * connection is closed unanswered. Declared with its reason, counted, never hidden.
 */
export const RUNTIME_REFUSALS: Readonly<Record<string, string>> = {
  bun: "Bun's HTTP parser answers malformed requests (bad headers, Host, versions, oversized headers: 400/431/505) or closes the connection before any handler runs, with no body and no hook to give it one",
  deno: "Deno's HTTP parser answers malformed requests (bad headers, Host, oversized headers) with a bare 400 before any handler runs, with no hook to give it a body",
};

export function refusedByRuntime(answer: RawAnswer): boolean {
  if (answer.outcome === 'dropped') return true;
  return (
    answer.outcome === 'answered' &&
    answer.status >= 400 &&
    answer.body.length === 0 &&
    !answer.headers['access-control-allow-origin']
  );
}
