/**
 * @module
 * `Accept` negotiation for the landing page: HTML only for a caller that prefers it to JSON
 * (a browser: `text/html` at q=1, `*\/*` lower). A tie, `*\/*`, or no header at all is an
 * API client's, and gets JSON.
 */

/** The q-value the most specific matching range gives `type` (RFC 9110, section 12.5.1); 0 if none matches. */
export function quality(accept: string, type: string): number {
  const [major] = type.split('/');
  let best = { specificity: 0, q: 0 };
  for (const part of accept.split(',')) {
    const [range = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const specificity = range === type ? 3 : range === `${major}/*` ? 2 : range === '*/*' ? 1 : 0;
    if (specificity <= best.specificity) continue;
    const q = params.find((p) => p.startsWith('q='));
    const value = q === undefined ? 1 : Number(q.slice(2));
    best = { specificity, q: Number.isFinite(value) ? value : 0 };
  }
  return best.q;
}

export function prefersHtml(accept: string | null | undefined): boolean {
  if (!accept) return false;
  const html = quality(accept, 'text/html');
  return html > 0 && html > quality(accept, 'application/json');
}
