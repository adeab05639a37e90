/**
 * @module
 * Reading a page's `<meta>` tags (Open Graph `og:*`, `music:*`), the only part of a platform's
 * HTML the links source looks at. A tolerant reader, not a parser: each `<meta …>` tag of the
 * document's head, its `property` or `name`, its `content`, entities decoded. Every value of a
 * repeated key is kept (`music:musician` is one tag per artist).
 */

export type MetaTags = ReadonlyMap<string, readonly string[]>;

const META = /<meta\b[^>]*>/gi;
const ATTRIBUTE = /([a-zA-Z_:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/g;
const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The meta tags of `html`'s head (everything before `</head>`, or the whole text without one). */
export function metaTags(html: string): MetaTags {
  const end = html.search(/<\/head\s*>/i);
  const head = end === -1 ? html : html.slice(0, end);
  const tags = new Map<string, string[]>();
  for (const [tag] of head.matchAll(META)) {
    const attributes = new Map<string, string>();
    for (const match of tag.matchAll(ATTRIBUTE)) {
      const name = match[1]!.toLowerCase();
      if (!attributes.has(name)) attributes.set(name, match[2] ?? match[3] ?? match[4] ?? '');
    }
    const key = (attributes.get('property') ?? attributes.get('name'))?.toLowerCase();
    const content = attributes.get('content');
    if (key === undefined || content === undefined) continue;
    const list = tags.get(key) ?? [];
    list.push(decodeEntities(content).trim());
    tags.set(key, list);
  }
  return tags;
}

/** The first non-empty value of a key, or null. */
export function first(tags: MetaTags, key: string): string | null {
  return tags.get(key)?.find((value) => value !== '') ?? null;
}

/** `&amp;`, `&#39;`, `&#x27;` and the other few entities pages use in attributes. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,6});/gi, (whole, entity: string) => {
    if (entity[0] === '#') {
      const code =
        entity[1] === 'x' || entity[1] === 'X' ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1));
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
    }
    return NAMED[entity.toLowerCase()] ?? whole;
  });
}
