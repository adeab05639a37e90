/**
 * @module
 * A Vercel function serving every Sleeve path (see ../vercel.json, which rewrites all paths
 * here). Vercel's Node runtime calls the exported method handlers with a web `Request`.
 */
import { optionsFromEnv } from 'sleeve';
import { handle } from 'sleeve/vercel';

const handler: (request: Request) => Promise<Response> = handle(optionsFromEnv(process.env).options);

export {
  handler as GET,
  handler as HEAD,
  handler as POST,
  handler as OPTIONS,
  handler as PUT,
  handler as DELETE,
  handler as PATCH,
};
