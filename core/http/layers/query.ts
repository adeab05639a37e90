/**
 * @module
 * Reads the query string strictly, where Hono's `c.req.query()` is lenient: invalid
 * percent-encoding is a 400 naming the parameter (never a 500, never a silent guess), a
 * declared parameter given twice is a 400 (which value would win is a guess too), and a URL
 * over 8 KiB is a 400 (the error table has no 414; proxies cut such URLs anyway). A list
 * parameter is the exception (D40): `types=tracks&types=albums`, as generated clients send an
 * array, is the same list as `types=tracks,albums`, so its values are joined, never a guess.
 */
import { SleeveError } from '../../errors.ts';

const MAX_URL_LENGTH: number = 8192;

function decode(part: string, param: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    throw new SleeveError('bad_request', `${param} is not valid percent-encoding (a % must start %XX of valid UTF-8)`, {
      param,
    });
  }
}

/** Every query reader's bound, the strict one's and an endpoint's own. */
export function checkUrlLength(url: string): void {
  if (url.length > MAX_URL_LENGTH) {
    throw new SleeveError(
      'bad_request',
      `The URL is ${url.length} characters long; at most ${MAX_URL_LENGTH} are accepted.`,
    );
  }
}

const NONE: ReadonlySet<string> = new Set();

/**
 * The query as a record of single strings. `declared` names the parameters that must not
 * repeat; null means all of them (the schema's keys are unknown). Unknown parameters are
 * ignored, repeated or not. `lists` names the comma-separated list parameters, whose
 * repeats are joined with commas: `types=a,b&types=c` reads as `types=a,b,c`.
 */
export function readQuery(
  url: string,
  declared: ReadonlySet<string> | null,
  lists: ReadonlySet<string> = NONE,
): Record<string, string> {
  checkUrlLength(url);
  const out: Record<string, string> = {};
  const start = url.indexOf('?');
  if (start < 0) return out;
  const hash = url.indexOf('#', start);
  const search = url.slice(start + 1, hash < 0 ? undefined : hash);
  if (search === '') return out;
  for (const pair of search.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const rawName = eq < 0 ? pair : pair.slice(0, eq);
    const name = decode(rawName, 'a parameter name');
    const value = decode(eq < 0 ? '' : pair.slice(eq + 1), name);
    if (Object.hasOwn(out, name) && lists.has(name)) {
      out[name] = `${out[name]},${value}`;
      continue;
    }
    if (Object.hasOwn(out, name) && (declared === null || declared.has(name))) {
      throw new SleeveError('bad_request', `${name} must be given once`, { param: name });
    }
    out[name] = value;
  }
  return out;
}
