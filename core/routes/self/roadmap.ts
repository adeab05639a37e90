/**
 * @module
 * D28 `/roadmap`: the versions a pin can ask for and what each changed,
 * generated from the version table and the route table's declarations (`self/roadmap.ts`),
 * never a list kept by hand. Answered by the service alone (no upstream), limited and cached
 * as the default (60 a minute, an hour): it changes only with a deploy.
 */
import { defineEndpoint } from '../../http/endpoint.ts';
import { roadmapSchema } from '../../schemas/responses/index.ts';
import { roadmap as build } from '../../self/roadmap.ts';

export const roadmap = defineEndpoint({
  path: '/roadmap',
  summary:
    "The service's versions, newest first: each one's error shape, rate-limit headers, changes and the endpoints it added.",
  description:
    'Pin a version by prefixing a path with its `prefix`. Endpoints in `everyVersion` are answered under every pin.',
  rateLimit: 60,
  cache: 60 * 60,
  upstream: false,
  response: roadmapSchema,
  handle({ frame }) {
    return build(frame.endpoints);
  },
});
