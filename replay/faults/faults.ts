/**
 * @module
 * The failures a test can inject into an upstream, as a driver meets them in the wild: a
 * proxy's HTML 500 page, a 200 that is not JSON (a captive portal, a maintenance page), the
 * upstream's own error with HTTP 200, a dropped connection, or no answer at all; or the
 * upstream's own answer with one odd item in each listing, or an odd record (`withOdd`).
 */
import type { Answer, Upstream } from '../contract.ts';

/**
 * `oddItem`: the upstream's own answer with the first item of each listing made odd;
 * `oddRecord`: a record's own id made text (`withOdd` below, issue #23); `null`: no fault.
 */
export type Fault = 'slow' | 'http500' | 'garbage' | 'error200' | 'reset' | 'hang' | 'oddItem' | 'oddRecord' | null;

/** The nginx page a reverse proxy sends when the app behind it fails (also `flaky-faults.ts`'s). */
export const HTTP_500 =
  '<html>\r\n<head><title>500 Internal Server Error</title></head>\r\n<body>\r\n<center><h1>500 Internal Server Error</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';
const GARBAGE =
  '<!DOCTYPE html><html><head><title>Maintenance</title></head><body><p>We will be back soon.</p></body></html>';

/** `slow` answers normally, only later, and the odd ones alter the normal answer: none has one of its own. */
export type Failure = Exclude<Fault, 'slow' | 'oddItem' | 'oddRecord' | null>;

/** The answer a fault sends instead of the upstream's, or what it does to the connection. */
export function failure(fault: Failure, upstream: Upstream): Answer | 'reset' | 'hang' {
  switch (fault) {
    case 'http500':
      return { status: 500, contentType: 'text/html', body: HTTP_500, kind: 'fault' };
    case 'garbage':
      return { status: 200, contentType: 'text/html; charset=utf-8', body: GARBAGE, kind: 'fault' };
    case 'error200':
      return upstream.error200();
    case 'reset':
    case 'hang':
      return fault;
  }
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** A list envelope (`{ data: [...], total }`), as Deezer wraps every listing. */
const isEnvelope = (value: unknown): value is { data: unknown[] } => isObject(value) && Array.isArray(value.data);

/**
 * One item made odd, as upstreams do: a field missing (its `album`, as a Deezer search hit
 * was seen without one; else its first nested entity: `artist`, `user`) or, for an item with
 * none, its `id` of the wrong type (text).
 */
function damageItem(item: unknown): void {
  if (!isObject(item)) return;
  const entity =
    'album' in item && isObject(item.album)
      ? 'album'
      : Object.keys(item).find((key) => isObject(item[key]) && !isEnvelope(item[key]));
  if (entity !== undefined) delete item[entity];
  else item.id = `odd-${String(item.id)}`;
}

/**
 * Issue #23's faults, on the upstream's own answer. `oddItem`: the first item of each listing
 * in it made odd (`damageItem`): a bare list (LRCLIB's search), a `data` envelope, or the
 * envelopes of an object of lists (Deezer's editorial charts); a record (an object with an
 * `id`) is left as it is. `oddRecord`: a record's own `id` turned to text, listings left alone.
 */
export function withOdd(fault: 'oddItem' | 'oddRecord', answer: Answer): Answer {
  if (answer.status !== 200 || !answer.contentType.includes('json')) return answer;
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return answer;
  }
  const record = isObject(body) && !isEnvelope(body) && 'id' in body;
  if (fault === 'oddRecord') {
    if (!record) return answer;
    body = { ...(body as Json), id: `odd-${String((body as Json).id)}` };
  } else if (Array.isArray(body)) damageItem(body[0]);
  else if (isEnvelope(body)) damageItem(body.data[0]);
  else if (isObject(body) && !record)
    for (const value of Object.values(body)) if (isEnvelope(value)) damageItem(value.data[0]);
  return { ...answer, body: JSON.stringify(body) };
}
