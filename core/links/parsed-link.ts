/**
 * @module
 * Building a `ParsedLink` the same way for every platform: hints without empty entries, short
 * links with their path as id and a canonical URL rebuilt from vetted parts only.
 */
import type { LinkInput } from './input.ts';
import type { LinkSource, LinkType, ParsedLink } from './types.ts';

/** A parsed item link; `hints` entries that are undefined are dropped, and so is an empty `hints`. */
export function item(
  source: LinkSource,
  type: LinkType | null,
  id: string,
  canonicalUrl: string,
  hints: Record<string, string | undefined> = {},
): ParsedLink {
  const kept: Record<string, string> = {};
  for (const [k, v] of Object.entries(hints)) if (v !== undefined && v !== '') kept[k] = v;
  return { source, type, id, short: false, canonicalUrl, ...(Object.keys(kept).length > 0 ? { hints: kept } : {}) };
}

/** Short-link codes: letters, digits, `_` and `-`, nothing that could reshape the URL. */
const CODE = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * A short link whose path is `prefix` (e.g. `['s']` on link.deezer.com, or none) then one code;
 * undefined when the path is not that. The id is the path, the canonical URL `https://<host>/<path>`.
 */
export function shortLink(link: LinkInput, prefix: readonly string[] = []): ParsedLink | undefined {
  const segs = link.segments;
  if (segs.length !== prefix.length + 1) return undefined;
  if (!prefix.every((p, i) => segs[i] === p)) return undefined;
  const code = segs[prefix.length] ?? '';
  if (!CODE.test(code)) return undefined;
  const id = segs.join('/');
  return { source: link.platform.source, type: null, id, short: true, canonicalUrl: `https://${link.host}/${id}` };
}
