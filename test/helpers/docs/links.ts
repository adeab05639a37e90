/**
 * @module
 * Relative links in Markdown, checked the way GitHub renders them: a link to a file must name
 * one that exists, and a `#fragment` must be a heading of the page it points at, slugged as
 * GitHub slugs headings (lower case, punctuation dropped, spaces to hyphens, `-1`, `-2` for
 * repeats). Code blocks and inline code are not links.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/** A link that leads nowhere: the page holding it, the target as written, and why. */
export interface BrokenLink {
  readonly page: string;
  readonly target: string;
  readonly why: string;
}

/** Markdown without fenced code blocks and inline code, which hold examples, not links. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's heading id: the heading's text, lower case, only letters, digits, `_`, `-` and spaces kept, spaces to `-`. */
export function slug(heading: string): string {
  const text = heading.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*]/g, '');
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a page offers: its headings' slugs, repeats numbered as GitHub numbers them. */
export function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  const outsideFences = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  for (const match of outsideFences.matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
    const base = slug(match[1]!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** The relative link targets of a page (no scheme, no `//`), as written. */
function relativeLinks(markdown: string): string[] {
  const targets: string[] = [];
  for (const match of prose(markdown).matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    const target = match[1]!;
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue;
    targets.push(target);
  }
  return targets;
}

/** Each link of `pages` (paths relative to `root`) whose file or heading does not exist. */
export function brokenLinks(root: string, pages: readonly string[]): BrokenLink[] {
  const read = (path: string): string => readFileSync(path, 'utf8');
  const broken: BrokenLink[] = [];
  for (const page of pages) {
    const path = join(root, page);
    for (const target of relativeLinks(read(path))) {
      const [file = '', fragment] = target.split('#', 2) as [string, string | undefined];
      const destination = file === '' ? path : join(dirname(path), decodeURIComponent(file));
      if (!existsSync(destination)) {
        broken.push({ page, target, why: `no file ${relative(root, destination)}` });
        continue;
      }
      if (fragment === undefined || fragment === '') continue;
      if (statSync(destination).isDirectory() || !destination.endsWith('.md')) {
        broken.push({ page, target, why: 'a fragment on something that is not a Markdown page' });
      } else if (!anchorsOf(read(destination)).has(decodeURIComponent(fragment))) {
        broken.push({ page, target, why: `no heading #${fragment} in ${relative(root, destination)}` });
      }
    }
  }
  return broken;
}
