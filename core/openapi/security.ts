/**
 * @module
 * The contact rule (D2) as OpenAPI security: the contact e-mail travels in `User-Agent`, or,
 * for browser scripts (which may not set `User-Agent`), in `Api-User-Agent`; either one will
 * do. Public endpoints need neither (`security: []`).
 */
import type { AnyEndpoint } from '../http/endpoint.ts';
import type { OpenApiDocument } from './types.ts';

/** Shown wherever a caller needs to see what a contact User-Agent looks like. */
export const CONTACT_EXAMPLE = 'MyApp/1.0 (you@example.com)';

export const SECURITY_SCHEMES: OpenApiDocument['components']['securitySchemes'] = {
  userAgent: {
    type: 'apiKey',
    in: 'header',
    name: 'User-Agent',
    description: `A User-Agent holding a contact e-mail address, such as \`${CONTACT_EXAMPLE}\`, so the operators can reach you if your client misbehaves. Missing, or without an e-mail: 401 \`unauthorized\`.`,
  },
  apiUserAgent: {
    type: 'apiKey',
    in: 'header',
    name: 'Api-User-Agent',
    description: `The same contact (\`${CONTACT_EXAMPLE}\`) for callers that cannot set User-Agent: scripts in a browser, such as an API explorer's "Try it out".`,
  },
};

/** Either scheme satisfies the contact rule; a public endpoint needs none. */
export function securityOf(endpoint: AnyEndpoint): Record<string, string[]>[] {
  return endpoint.public ? [] : [{ userAgent: [] }, { apiUserAgent: [] }];
}
