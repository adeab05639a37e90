import { GET, POST } from '../../examples/vercel/api/index.ts';
import { runSmoke } from './_smoke.ts';

// Vercel calls the exported method handler with a web Request; no server in between.
runSmoke('Vercel function handler', () => (path, init) => {
  const request = new Request(`https://sleeve.example.vercel.app${path}`, init);
  return request.method === 'POST' ? POST(request) : GET(request);
});
