/**
 * @module
 * `sleeve/vercel`: a Vercel function handler. Vercel's edge sets `x-real-ip` itself
 * (https://vercel.com/docs/headers/request-headers), so it is the socket address here.
 */
import { createSleeve, type SleeveOptions } from '../core/index.ts';

export function handle(options: SleeveOptions = {}): (request: Request) => Promise<Response> {
  const sleeve = createSleeve(options);
  return async (request) => sleeve.fetch(request, { clientIp: request.headers.get('x-real-ip') ?? undefined });
}
