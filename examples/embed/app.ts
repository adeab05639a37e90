/**
 * @module
 * Sleeve inside an existing Hono app, answering spec paths under `/music`. `mount` strips the
 * prefix and hands Sleeve a plain Request, so Sleeve's own routing, versions and limits apply
 * unchanged; `basePath` tells Sleeve where it lives, so the cover, image and preview links it
 * answers point under `/music` too. Each client keeps a rate limit of its own: `mount` hands
 * Sleeve the host server's bindings, where it finds the socket's address (`@hono/node-server`'s
 * `incoming`, Bun's server, Deno's handler info).
 */
import { Hono } from 'hono';
import { createSleeve } from 'sleeve';

const sleeve = createSleeve({ basePath: '/music' });

export const app: Hono = new Hono()
  .get('/', (c) => c.text('My existing app. Music API under /music, e.g. /music/healthz'))
  .mount('/music', sleeve.fetch);
