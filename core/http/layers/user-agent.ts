/**
 * @module
 * D2: every route but a few public ones needs a contact e-mail from its caller, in
 * `User-Agent` or, from a browser, in `Api-User-Agent`. A page's script cannot set
 * `User-Agent` (the browser writes its own), so it names its contact in `Api-User-Agent`, the
 * convention the Wikimedia APIs ask of browser callers for exactly this. Which routes are
 * public is the endpoint's own `public: true`, read once when the app is built (images must
 * load in an `<img>` tag, which sends no e-mail).
 */
import { SleeveError } from '../../errors.ts';
import { REMEMBERED_QUERY_LENGTH } from '../query-memo.ts';
import { setBounded } from '../../utils/bounded-map.ts';
import type { Layer } from '../pipeline.ts';
import type { HeaderReader } from '../hit/request-view.ts';

/** `something@domain.tld` anywhere in the header. */
const EMAIL = /[^\s@<>()[\]"',;:]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/;

const USER_AGENT_MESSAGE =
  'Send a User-Agent header with a contact e-mail address, such as "MyApp/1.0 (you@example.com)", so we can reach you if your client misbehaves. From a browser, send it as Api-User-Agent.';

/** Recent callers' headers and the verdict: a client sends the same one on every request. */
const verdicts = new Map<string, boolean>();

/** The last header asked about: a client sends its requests in runs, and comparing two strings costs less than hashing the new one. */
let last: { userAgent: string; verdict: boolean } | undefined;

export function hasContactEmail(userAgent: string | null | undefined): boolean {
  if (userAgent == null) return false;
  if (last?.userAgent === userAgent) return last.verdict;
  let verdict = verdicts.get(userAgent);
  if (verdict === undefined) {
    verdict = EMAIL.test(userAgent);
    if (userAgent.length <= REMEMBERED_QUERY_LENGTH) setBounded(verdicts, userAgent, verdict, 256);
  }
  last = { userAgent, verdict };
  return verdict;
}

/**
 * The contact rule for one request: a contact e-mail in `User-Agent` or `Api-User-Agent`.
 * The layer's one question, which the full frame and the hit path both ask. User-Agent first: nearly every caller is a program that
 * sends it, so one test suffices.
 */
function namesContact(headers: HeaderReader): boolean {
  return hasContactEmail(headers.get('user-agent')) || hasContactEmail(headers.get('api-user-agent'));
}

/** The 401 of a request that names no contact; the hit path leaves such a request to it. */
export function userAgent(): Layer {
  return {
    kind: 'when',
    when: (request) => !namesContact(request.headers),
    act: () => {
      throw new SleeveError('unauthorized', USER_AGENT_MESSAGE);
    },
  };
}
