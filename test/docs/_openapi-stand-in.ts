/**
 * TEMPORARY, test-only: a minimal OpenAPI 3.1 document standing in for `/openapi.json` while
 * it is written on another branch (h-openapi). It has what the docs page relies on: a server
 * naming the base Sleeve answers under, the two D2 security schemes (`userAgent`,
 * `apiUserAgent`), and a few operations. Delete this file, and its use in browser.test.ts,
 * once `/openapi.json` is served by `createSleeve()`.
 */
const security = [{ userAgent: [] }, { apiUserAgent: [] }];
const json = { description: 'JSON', content: { 'application/json': { schema: { type: 'object' } } } };

export function openApiStandIn(base: string): object {
  return {
    openapi: '3.1.0',
    info: { title: 'Sleeve (stand-in document)', version: '3.0.0' },
    servers: [{ url: base }],
    paths: {
      '/search/all': {
        get: {
          summary: 'Search tracks, artists, albums and playlists at once.',
          security,
          parameters: [
            { name: 'query', in: 'query', required: true, schema: { type: 'string', maxLength: 200 }, example: 'daft punk' },
            { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 25, default: 5 } },
          ],
          responses: { 200: json },
        },
      },
      '/track/hot': { get: { summary: 'The chart of a country.', security, responses: { 200: json } } },
      '/editorial/genres': { get: { summary: 'Every genre.', security, responses: { 200: json } } },
      '/healthz': { get: { summary: 'Health.', responses: { 200: json } } },
    },
    components: {
      securitySchemes: {
        userAgent: { type: 'apiKey', in: 'header', name: 'User-Agent', description: 'A contact e-mail, e.g. MyApp/1.0 (you@example.com).' },
        apiUserAgent: { type: 'apiKey', in: 'header', name: 'Api-User-Agent', description: 'The same, from a browser.' },
      },
    },
  };
}
