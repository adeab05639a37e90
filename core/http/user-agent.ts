/**
 * @module
 * D2 / spec §5: every route but a few public ones needs a User-Agent holding a contact e-mail.
 * Which routes are public is the endpoint's own `public: true`, read once when the app is built
 * (images must load in an `<img>` tag, which sends no e-mail).
 */
import type { MiddlewareHandler } from 'hono';
import { SleeveError } from '../errors.ts';

/** `something@domain.tld` anywhere in the header, as D2 words it. */
const EMAIL = /[^\s@<>()[\]"',;:]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/;

export const USER_AGENT_MESSAGE =
  'Send a User-Agent header with a contact e-mail address, such as "MyApp/1.0 (you@example.com)", so we can reach you if your client misbehaves.';

export function hasContactEmail(userAgent: string | undefined): boolean {
  return userAgent !== undefined && EMAIL.test(userAgent);
}

export function userAgent(): MiddlewareHandler {
  return (c, next) => {
    if (!hasContactEmail(c.req.header('user-agent'))) throw new SleeveError('unauthorized', USER_AGENT_MESSAGE);
    return next();
  };
}
