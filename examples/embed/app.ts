/**
 * @module
 * Sleeve inside an existing Hono app, answering spec paths under `/music`. `mount` strips the
 * prefix and hands Sleeve a plain Request, so Sleeve's own routing, versions and limits apply
 * unchanged; `basePath` tells Sleeve where it lives, so the cover, image and preview links it
 * answers point under `/music` too. The client IP is passed on from the host server's socket.
 */
import { Hono } from 'hono';
import { createSleeve } from 'sleeve';

type NodeEnv = { incoming?: { socket?: { remoteAddress?: string } } };

const sleeve = createSleeve({ basePath: '/music' });

export const app: Hono = new Hono()
  .get('/', (c) => c.text('My existing app. Music API under /music, e.g. /music/healthz'))
  .mount('/music', (request, env?: NodeEnv) =>
    sleeve.fetch(request, { clientIp: env?.incoming?.socket?.remoteAddress }),
  );
