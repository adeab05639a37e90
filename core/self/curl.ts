/**
 * @module
 * A ready-to-paste `curl` for an operation, from its declared example: the contact
 * User-Agent unless it is public, `-N` and `Accept` for an event stream, `-i` to show a
 * redirect's `Location`. None when the example cannot make a whole request (a path parameter
 * or a body it does not give an example of).
 */
import { CONTACT_EXAMPLE } from '../openapi/security.ts';
import type { Operation } from '../openapi/types.ts';

/** An example value as it goes in a query string: lists comma-separated, commas left readable. */
function queryValue(value: unknown): string {
  const text = Array.isArray(value) ? value.join(',') : String(value);
  return encodeURIComponent(text).replaceAll('%2C', ',').replaceAll("'", '%27');
}

/** The URL the example asks: `base` + path (its parameters' examples in place) + the example's query; undefined when it cannot. */
export function exampleUrl(base: string, path: string, operation: Operation): string | undefined {
  if (operation.requestBody) return undefined;
  const parameters = operation.parameters ?? [];
  const inPath = new Map(
    parameters
      .filter((p) => p.in === 'path' && p.example !== undefined)
      .map((p) => [p.name, encodeURIComponent(String(p.example))]),
  );
  const filled = path.replace(/\{([^}]+)\}/g, (whole, name: string) => inPath.get(name) ?? whole);
  if (filled.includes('{')) return undefined;
  const query = parameters
    .filter((p) => p.in === 'query' && p.example !== undefined)
    .map((p) => `${p.name}=${queryValue(p.example)}`)
    .join('&');
  return `${base}${filled}${query ? `?${query}` : ''}`;
}

export function curlOf(base: string, path: string, operation: Operation): string | undefined {
  const url = exampleUrl(base, path, operation);
  if (url === undefined) return undefined;
  const ok = Object.entries(operation.responses).find(([status]) => status.startsWith('2') || status === '302');
  const types = ok && 'content' in ok[1] ? Object.keys(ok[1].content ?? {}) : [];
  const flags = [
    ...(operation.security.length > 0 ? [`-A '${CONTACT_EXAMPLE}'`] : []),
    ...(types.includes('text/event-stream') ? ["-N -H 'Accept: text/event-stream'"] : []),
    ...(ok?.[0] === '302' ? ['-i'] : []),
  ];
  return ['curl', ...flags, `'${url}'`].join(' ');
}
