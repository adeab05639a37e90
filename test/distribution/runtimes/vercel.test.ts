import { GET, POST } from '../../../examples/vercel/api/index.ts';
import { runCardChecks } from './_cards.ts';
import { runDocsChecks } from './_docs.ts';
import { runSmoke, type Fetcher } from './_smoke.ts';

// Vercel calls the exported method handler with a web Request; no server in between.
const handler = (): Fetcher => (path, init) => {
  const request = new Request(`https://sleeve.example.vercel.app${path}`, init);
  return request.method === 'POST' ? POST(request) : GET(request);
};
runSmoke('Vercel function handler', handler);
runDocsChecks('Vercel function handler', handler);
runCardChecks('Vercel function handler', handler);
