/**
 * The self-description is built once per app and only takes the caller's base per request;
 * the base goes in verbatim, whatever it holds.
 */
import { describe, expect, it } from 'vitest';
import type { FrameApi } from '../../core/http/frame-api.ts';
import { endpoints } from '../../core/routes/index.ts';
import { documentAt, llmsTxt, openApiJson } from '../../core/self/described.ts';

const frame = (): FrameApi => ({ endpoints, endpointAt: () => undefined, dispatch: async () => new Response() });
const options = { mode: 'demo', rateLimits: 1 } as const;

describe('described once per app', () => {
  it('builds the document once and places it at each base', () => {
    const f = frame();
    const a = documentAt(f, options, 'https://a.example');
    const b = documentAt(f, options, 'https://b.example');
    expect(a.paths).toBe(b.paths);
    expect(a.servers[0]!.url).toBe('https://a.example');
    expect(b.servers[0]!.url).toBe('https://b.example');
    expect(documentAt(frame(), options, 'https://a.example').paths).not.toBe(a.paths);
  });

  it('puts any base in verbatim: quotes, backslashes and replacement patterns included', () => {
    const f = frame();
    const base = 'http://h/a$&b"c\\d$1';
    const doc = JSON.parse(openApiJson(f, options, base));
    expect(doc.servers[0].url).toBe(base);
    expect(llmsTxt(f, options, base)).toContain(`Base URL: ${base} (`);
  });

  it('describes the table the app was built from', () => {
    const f: FrameApi = { ...frame(), endpoints: endpoints.filter((e) => e.path === '/healthz') };
    expect(Object.keys(documentAt(f, options, 'http://x').paths)).toEqual(['/healthz']);
  });
});
