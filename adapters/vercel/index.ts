/**
 * @module
 * `sleeve/vercel`: a Vercel function handler. Vercel's edge sets `x-real-ip` itself
 * (https://vercel.com/docs/headers/request-headers), so it is the socket address here.
 */
import type { SleeveOptions } from '../../core/index.ts';
import { serverSleeve } from '../shared/server-sleeve.ts';

export function handle(options: SleeveOptions = {}): (request: Request) => Promise<Response> {
  // A function's stdout is its log: request lines on (D45), as the server adapters have them.
  const sleeve = serverSleeve(options);
  return async (request) => sleeve.fetch(request, { clientIp: request.headers.get('x-real-ip') ?? undefined });
}
