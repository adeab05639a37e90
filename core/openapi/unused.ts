/**
 * @module
 * The components nothing in the document refers to, left out: with rate limits off no
 * endpoint answers 429, so `responses/rate_limited` (and any header only it names) would be
 * published for nothing, and the linters client developers run flag an unused component
 * (Redocly's `no-unused-components`, Spectral's `oas3-unused-component`). What is kept is
 * what the paths reach, following references through components.
 */
import type { OpenApiDocument } from './types.ts';

/** The sections whose entries are only ever reached by `$ref` (security schemes are named by `security`). */
const PRUNED = ['schemas', 'responses', 'headers'] as const;

/** Every `#/components/…` reference inside a value, as `section/name`. */
function refsIn(value: unknown, out: Set<string>): void {
  if (Array.isArray(value)) for (const item of value) refsIn(item, out);
  else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string' && inner.startsWith('#/components/'))
        out.add(inner.slice('#/components/'.length));
      else refsIn(inner, out);
    }
  }
}

export function withoutUnused(doc: OpenApiDocument): OpenApiDocument {
  const sections = doc.components as Record<string, Record<string, unknown> | undefined>;
  const reached = new Set<string>();
  refsIn(doc.paths, reached);
  // Follow references through what is reached (a response names its headers and schemas).
  const queue = [...reached];
  while (queue.length > 0) {
    const [section, name] = queue.pop()!.split('/') as [string, string];
    const found = new Set<string>();
    refsIn(sections[section]?.[name], found);
    for (const ref of found) if (!reached.has(ref)) queue.push(ref), reached.add(ref);
  }
  const components = { ...doc.components };
  for (const section of PRUNED) {
    (components[section] as Record<string, unknown>) = Object.fromEntries(
      Object.entries(components[section]).filter(([name]) => reached.has(`${section}/${name}`)),
    );
  }
  return { ...doc, components };
}
