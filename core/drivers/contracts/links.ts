/**
 * @module
 * The links driver's contract (D11): what the platforms say about a pasted link.
 */
import type { LinkMetadata } from '../../domain/links.ts';
import type { CallOptions, Probed } from './driver.ts';
import type { ParsedLink } from '../../links/types.ts';

/** Link metadata: the platforms' own public endpoints, never any other host. */
export interface LinksDriver extends Probed {
  /** Follows a short link, at most 3 redirects, only through the short-link hosts; the URL it stands for, or null when it leads nowhere allowed (never fetching a foreign host). */
  expand(url: string, options?: CallOptions): Promise<string | null>;
  /** What the link's platform says about the item (Spotify, Apple, YouTube, SoundCloud; not Deezer, which is the music source), or null when it has nothing. */
  metadata(link: ParsedLink, options?: CallOptions): Promise<LinkMetadata | null>;
}
