/**
 * @module
 * How a request to `/status` and its feed carries `SLEEVE_STATUS_TOKEN` (D61): as
 * `Authorization: Bearer …` (a script, a monitor), or as the cookie a browser is given on its
 * first visit with `?token=…`. That visit is answered with the cookie and a redirect to the page
 * without the token, so the address the browser keeps (its history, a shared screenshot, every
 * proxy's access log of the later polls) holds no token; an old bookmark with `?token=` still
 * works, once a visit.
 */

/** The cookie's name: HttpOnly, so the page's script never reads it; the browser sends it. */
const COOKIE = 'sleeve_status_token';

/** Compares in time independent of where they differ: a token is not guessed a character at a time. */
export function sameToken(a: string, b: string): boolean {
  let differ = a.length ^ b.length;
  for (let i = 0; i < b.length; i++) differ |= (a.charCodeAt(i % Math.max(1, a.length)) || 0) ^ b.charCodeAt(i);
  return differ === 0;
}

/** The token a request carries without its query: its bearer header, else its cookie. */
export function carriedToken(request: Request): string | undefined {
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  return bearer ?? cookieToken(request.headers.get('cookie'));
}

function cookieToken(header: string | null): string | undefined {
  if (header === null) return undefined;
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at < 0 || pair.slice(0, at).trim() !== COOKIE) continue;
    try {
      return decodeURIComponent(pair.slice(at + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * The answer to a visit whose `?token=` was right: the cookie (HttpOnly, SameSite=Strict, its
 * path `page`, the page's own as the client asked it, which covers its feed; Secure over https), and a 303 to the page's
 * address without the query. The token is URI-encoded: it may hold `;` or `,`, which a cookie's
 * value may not.
 */
export function tokenVisit(request: Request, token: string, page: string): Response {
  const secure = request.url.startsWith('https:') ? '; Secure' : '';
  return new Response(null, {
    status: 303,
    headers: {
      // Relative, so a proxy that mounts Sleeve under a prefix keeps it: `/music/status`.
      Location: page.slice(page.lastIndexOf('/') + 1),
      'Set-Cookie': `${COOKIE}=${encodeURIComponent(token)}; Path=${page}; HttpOnly; SameSite=Strict${secure}`,
      'Referrer-Policy': 'no-referrer',
    },
  });
}
