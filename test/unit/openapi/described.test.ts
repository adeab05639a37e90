/**
 * The self-description is built once per app. The document does not depend on the request;
 * `/llms.txt` takes the caller's base per request, verbatim, whatever it holds.
 */
import { describe, expect, it } from 'vitest';
import type { FrameApi } from '../../../core/http/endpoint.ts';
import { endpoints } from '../../../core/routes/index.ts';
import { documentAt, llmsTxt, openApiJson } from '../../../core/self/described.ts';

const frame = (): FrameApi => ({ endpoints, endpointAt: () => undefined, dispatch: async () => new Response() });
const options = { mode: 'demo', rateLimits: 1 } as const;

describe('described once per app', () => {
  it('builds the document once, and the JSON from it', () => {
    const f = frame();
    const a = documentAt(f, options);
    expect(documentAt(f, options)).toBe(a);
    expect(openApiJson(f, options)).toBe(JSON.stringify(a));
    expect(documentAt(frame(), options).paths).not.toBe(a.paths);
  });

  it('places the servers at the configured base, else relative to the document', () => {
    const first = (o: Parameters<typeof documentAt>[1]) =>
      documentAt(frame(), o)
        .servers.slice(0, 2)
        .map((s) => s.url);
    expect(first(options)).toEqual(['/', '/current']);
    expect(first({ ...options, basePath: '/music' })).toEqual(['/music', '/music/current']);
    const base = 'https://h.example/a$&b"c\\d$1';
    expect(first({ ...options, baseUrl: base, basePath: '/music' })).toEqual([base, `${base}/current`]);
  });

  it('puts any base in /llms.txt verbatim: quotes, backslashes and replacement patterns included', () => {
    const base = 'http://h/a$&b"c\\d$1';
    expect(llmsTxt(frame(), options, base)).toContain(`Base URL: ${base} (`);
  });

  it('describes the table the app was built from', () => {
    const f: FrameApi = { ...frame(), endpoints: endpoints.filter((e) => e.path === '/healthz') };
    expect(Object.keys(documentAt(f, options).paths)).toEqual(['/healthz']);
  });
});
