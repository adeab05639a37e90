/**
 * @module
 * Vetting the raw text a caller pasted, before any platform grammar looks at it: its length, its
 * scheme, credentials, IP literals, ports and host. Whatever passes is an http(s) URL on one of
 * the allow-listed hosts, with its query read the forgiving way people's pastes need.
 */
import { otherPlatform, ownDomainOf } from './elsewhere.ts';
import { LINK_SOURCES, sourceOfHost, type LinkSourceHosts } from './hosts.ts';
import { refuse, refuseHost } from './refuse.ts';

/** Longest input accepted, counted on the text as received (before trimming). */
export const MAX_LINK_LENGTH = 2048;

/** A vetted link: its platform, host, non-empty path segments (still percent-encoded) and query. */
export interface LinkInput {
  platform: LinkSourceHosts;
  host: string;
  segments: string[];
  params: URLSearchParams;
}

/** The trimmed text of an acceptable input, or a refusal (not a string, empty, too long). */
export function vetText(input: unknown): string {
  if (typeof input !== 'string') throw refuse('url is required.');
  if (input.length > MAX_LINK_LENGTH) throw refuse(`url is longer than ${MAX_LINK_LENGTH} characters.`);
  const text = input.trim();
  if (text === '') throw refuse('url is required.');
  return text;
}

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
/** `open.spotify.com/track/…` pasted without its scheme. */
const BARE_HOST = /^[a-z0-9-]+(\.[a-z0-9-]+)+(?=[/?#]|$)/i;
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** The text's scheme, lower case (`https`, `spotify`, `javascript`), or undefined when it has none. */
export function schemeOf(text: string): string | undefined {
  return SCHEME.exec(text)?.[1]?.toLowerCase();
}

/** Parses and vets an http(s) link (or a scheme-less `host/path`), refusing anything else. */
export function readUrl(text: string): LinkInput {
  const scheme = schemeOf(text);
  let full = text;
  if (scheme === undefined) {
    if (text.startsWith('//')) full = `https:${text}`;
    else if (BARE_HOST.test(text)) full = `https://${text}`;
    else throw refuse('url is not a valid URL.');
  } else if (scheme !== 'http' && scheme !== 'https') {
    throw refuse('url must be an http or https link.');
  }
  let url: URL;
  try {
    url = new URL(full);
  } catch {
    throw refuse('url is not a valid URL.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw refuse('url must be an http or https link.');
  if (url.username !== '' || url.password !== '') throw refuse('url must not carry credentials.');
  const host = url.hostname;
  if (host.startsWith('[') || IPV4.test(host)) throw refuseHost("url must name a platform's host, not an IP address.");
  if (url.port !== '') throw refuse('url must not name a port.');
  const platform = sourceOfHost(host);
  if (platform === undefined) throw refuseHost(hostRefusal(host));
  return { platform, host, segments: url.pathname.split('/').filter((s) => s !== ''), params: readQuery(url.search) };
}

function hostRefusal(host: string): string {
  const shown = host.length > 100 ? `${host.slice(0, 100)}…` : host;
  const other = otherPlatform(host);
  if (other !== undefined) return `Links from ${other} are not supported.`;
  const own = ownDomainOf(host);
  if (own !== undefined) {
    const hosts = LINK_SOURCES.find((s) => s.name === own)?.hosts ?? [];
    return `url's host ${shown} is not one of ${own}'s accepted hosts (${hosts.join(', ')}).`;
  }
  return `url's host ${shown} is not a supported music platform.`;
}

/**
 * The query, forgiving a second `?` pasted inside it (`?si=abc?utm_source=x` reads as two
 * parameters): every later `?` separates parameters like `&`. An encoded `%3F` is left alone.
 */
function readQuery(search: string): URLSearchParams {
  return new URLSearchParams(search.replace(/^\?/, '').replace(/\?/g, '&'));
}

/** A percent-encoded path segment decoded, or undefined when it is not valid encoding. */
export function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
