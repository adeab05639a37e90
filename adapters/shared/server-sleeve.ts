/**
 * @module
 * The one way an adapter (`sleeve/node`, `sleeve/bun`, `sleeve/deno`, `sleeve/vercel`) makes
 * its Sleeve: what its runtime gives by default, the caller's options over that, and request
 * lines on (`SERVER_REQUEST_LOG`, D20, D45) unless the caller says otherwise. A server also
 * gives its logger (`stdoutLogger`), made only when the caller gives none; a Vercel function
 * keeps `createSleeve`'s, its stdout being its log.
 */
import { createSleeve, type Logger, type Sleeve, type SleeveOptions } from '../../core/index.ts';
import { SERVER_REQUEST_LOG } from './serve-options.ts';

/** What an adapter gives Sleeve unless its caller gives its own. */
interface AdapterDefaults
  extends Pick<SleeveOptions, 'processMemory' | 'upgradeWebSocket' | 'hitResponses' | 'cardRenderer'> {
  /** Makes the logger when the caller gives none, and only then. */
  log?: () => Logger;
}

export function serverSleeve(options: SleeveOptions, defaults: AdapterDefaults = {}): Sleeve {
  const { log, ...given } = defaults;
  return createSleeve({
    ...given,
    ...options,
    requestLog: options.requestLog ?? SERVER_REQUEST_LOG,
    ...(log ? { log: options.log ?? log() } : {}),
  });
}
