/** @module Serves the embedding app on Node: `npx tsx examples/embed/server.ts`. */
import { serve } from '@hono/node-server';
import { app } from './app.ts';

serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 8787) }, (info) =>
  console.log(`sleeve listening on http://localhost:${info.port}/music`),
);
