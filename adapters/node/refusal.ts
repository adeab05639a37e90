/**
 * @module
 * An answer an adapter makes before Sleeve's routes see the request (what its server's parser
 * refuses, a target it cannot turn into a URL, a CONNECT), in the error shape of the version
 * the target pins (D7): `/v2.5.0/…` gets `{ "error": "<message>" }` as every other error there.
 */
import type { SleeveError } from '../../core/errors.ts';
import { errorResponse } from '../../core/http/errors.ts';
import { VERSION_PREFIX } from '../../core/http/layers/version-prefix.ts';
import { CURRENT, findVersion, type VersionInfo } from '../../core/http/versions.ts';

/** The version a raw request target pins (below the host's `basePath`); current when none. */
function targetVersion(target: string, basePath = ''): VersionInfo {
  const path = basePath !== '' && target.startsWith(basePath) ? target.slice(basePath.length) : target;
  const label = VERSION_PREFIX.exec(path)?.[1];
  return (label === undefined ? undefined : findVersion(label)) ?? CURRENT;
}

/** The request target of a raw request head (`GET /v2.5.0/x HTTP/1.1`), or '' when it has none. */
export function rawTarget(head: string): string {
  const end = head.indexOf('\r\n');
  const line = end < 0 ? head : head.slice(0, end);
  return /^\S+ (\/\S*)/.exec(line)?.[1] ?? '';
}

/** The error's answer in the shape of the version `target` pins. */
export function refusal(target: string, error: SleeveError, basePath = ''): Response {
  return errorResponse(error, targetVersion(target, basePath));
}
