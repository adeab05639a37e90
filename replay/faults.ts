/**
 * @module
 * The failures a test can inject into an upstream, as a driver meets them in the wild: a
 * proxy's HTML 500 page, a 200 that is not JSON (a captive portal, a maintenance page), the
 * upstream's own error with HTTP 200, a dropped connection, or no answer at all.
 */
import type { Fault } from './server.ts';
import type { Answer, Upstream } from './upstream.ts';

const HTTP_500 = '<html>\r\n<head><title>500 Internal Server Error</title></head>\r\n<body>\r\n<center><h1>500 Internal Server Error</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';
const GARBAGE = '<!DOCTYPE html><html><head><title>Maintenance</title></head><body><p>We will be back soon.</p></body></html>';

/** `slow` answers normally, only later, so it has no answer of its own. */
export type Failure = Exclude<Fault, 'slow' | null>;

/** The answer a fault sends instead of the upstream's, or what it does to the connection. */
export function failure(fault: Failure, upstream: Upstream): Answer | 'reset' | 'hang' {
  switch (fault) {
    case 'http500':
      return { status: 500, contentType: 'text/html', body: HTTP_500, kind: 'fault' };
    case 'garbage':
      return { status: 200, contentType: 'text/html; charset=utf-8', body: GARBAGE, kind: 'fault' };
    case 'error200':
      return upstream.error200();
    case 'reset':
    case 'hang':
      return fault;
  }
}
