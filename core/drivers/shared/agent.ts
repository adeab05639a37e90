/**
 * @module
 * Sleeve's own User-Agent for upstreams that ask to be able to reach whoever calls them:
 * Wikimedia's User-Agent policy (https://meta.wikimedia.org/wiki/User-Agent_policy:
 * `<client>/<version> (<contact>) <library>/<version>`, an e-mail or URL as contact, generic
 * agents may be blocked) and LRCLIB's docs (set a User-Agent naming your app, its version and
 * a link). The contact is the operator's (`SLEEVE_CONTACT`), never a caller's: Sleeve does
 * not pass its callers' e-mail addresses on.
 */
import { VERSION } from '../../version.ts';

/** What the agent says when the operator set no contact: still Sleeve's, and says how to fix it. */
const NO_CONTACT = 'contact unset: SLEEVE_CONTACT';

export function sleeveAgent(contact: string | undefined): string {
  const reach = contact === undefined || contact.trim() === '' ? NO_CONTACT : contact.trim();
  return `Sleeve/${VERSION} (${reach})`;
}
