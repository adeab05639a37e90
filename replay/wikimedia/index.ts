/**
 * @module
 * Wikidata and Wikipedia for the replay, mounted at `/wikidata` and `/wikipedia`:
 * - `wikidata`: `GET /w/api.php?action=wbsearchentities&search=` (hits for the searches the
 *   fixture lists, else none) and `action=wbgetentities&ids=A|B&props=…&languages=…&sitefilter=…`
 *   (at most 50 ids; an unknown one answers `{ id, missing: "" }`, a malformed one the API's
 *   `no-such-entity` error with HTTP 200, as Wikidata does);
 * - `wikipedia`: `GET /api/rest_v1/page/summary/{title}` (404 in the REST API's error shape).
 * Items and pages are record-shaped from `test/fixtures/knowledge/` (`wikidata.json`,
 * `wikipedia.json`; provenance there), rendered here into the documented JSON shapes.
 */
import { readFileSync } from 'node:fs';
import { KNOWLEDGE_FIXTURES } from '../lrclib/index.ts';
import { json, type Answer, type Upstream } from '../contract.ts';

interface Item {
  label: string;
  description?: string;
  aliases?: string[];
  /** Property → values: `Q…` items, `+YYYY-MM-DDT00:00:00Z/<precision>` times, else strings. */
  claims?: Record<string, string[]>;
  deprecated?: Record<string, string[]>;
  enwiki?: string;
}

interface Page {
  pageid: number;
  wikibase_item: string;
  description: string;
  timestamp: string;
  extract: string;
}

const read = <T>(name: string): T => JSON.parse(readFileSync(new URL(name, KNOWLEDGE_FIXTURES), 'utf8')) as T;

function datavalue(property: string, value: string): Record<string, unknown> {
  if (/^Q\d+$/.test(value)) {
    return {
      snaktype: 'value',
      property,
      datatype: 'wikibase-item',
      datavalue: {
        type: 'wikibase-entityid',
        value: { 'entity-type': 'item', 'numeric-id': Number(value.slice(1)), id: value },
      },
    };
  }
  const time = /^([+-]\d{4}-\d{2}-\d{2}T00:00:00Z)\/(\d+)$/.exec(value);
  if (time !== null) {
    return {
      snaktype: 'value',
      property,
      datatype: 'time',
      datavalue: {
        type: 'time',
        value: {
          time: time[1],
          timezone: 0,
          before: 0,
          after: 0,
          precision: Number(time[2]),
          calendarmodel: 'http://www.wikidata.org/entity/Q1985727',
        },
      },
    };
  }
  return {
    snaktype: 'value',
    property,
    datatype: property === 'P856' ? 'url' : 'external-id',
    datavalue: { type: 'string', value },
  };
}

function statements(id: string, property: string, values: string[], rank: string): Record<string, unknown>[] {
  return values.map((value, n) => ({
    mainsnak: datavalue(property, value),
    type: 'statement',
    id: `${id}$replay-${property}-${rank}-${n}`,
    rank,
  }));
}

function entity(
  id: string,
  item: Item,
  props: Set<string>,
  language: string,
  site: string | null,
): Record<string, unknown> {
  const out: Record<string, unknown> = { type: 'item', id };
  const text = (value: string) => ({ [language]: { language, value } });
  if (props.has('labels')) out.labels = text(item.label);
  if (props.has('descriptions')) out.descriptions = item.description === undefined ? {} : text(item.description);
  if (props.has('aliases'))
    out.aliases = item.aliases === undefined ? {} : { [language]: item.aliases.map((value) => ({ language, value })) };
  if (props.has('claims')) {
    const claims: Record<string, unknown[]> = {};
    for (const [property, values] of Object.entries(item.claims ?? {}))
      claims[property] = statements(id, property, values, 'normal');
    // Deprecated statements first, so a reader that does not drop them takes the wrong value.
    for (const [property, values] of Object.entries(item.deprecated ?? {}))
      claims[property] = [...statements(id, property, values, 'deprecated'), ...(claims[property] ?? [])];
    out.claims = claims;
  }
  if (props.has('sitelinks') || props.has('sitelinks/urls')) {
    const links: Record<string, unknown> = {};
    if (item.enwiki !== undefined && (site === null || site === 'enwiki')) {
      links.enwiki = {
        site: 'enwiki',
        title: item.enwiki,
        badges: [],
        ...(props.has('sitelinks/urls')
          ? { url: `https://en.wikipedia.org/wiki/${encodeURIComponent(item.enwiki.replaceAll(' ', '_'))}` }
          : {}),
      };
    }
    out.sitelinks = links;
  }
  return out;
}

const apiError = (code: string, info: string): Answer =>
  json(
    200,
    JSON.stringify({
      error: { code, info, '*': 'See https://www.wikidata.org/w/api.php for API usage.' },
      servedby: 'mw-api-replay',
    }),
    'notfound',
  );

export function wikidataUpstream(): Upstream {
  const { searches, items } = read<{ searches: Record<string, string[]>; items: Record<string, Item> }>(
    'wikidata.json',
  );
  return {
    answer({ method, path, params }) {
      if (method !== 'GET' || path !== '/w/api.php')
        return {
          status: 404,
          contentType: 'text/html; charset=utf-8',
          body: '<!DOCTYPE html><title>Not Found</title>',
          kind: 'notfound',
        };
      const language = params.get('language') ?? params.get('languages') ?? 'en';
      switch (params.get('action')) {
        case 'wbsearchentities': {
          const search = params.get('search') ?? '';
          if (search === '') return apiError('missingparam', 'The "search" parameter must be set.');
          const limit = Math.min(50, Number(params.get('limit') ?? 7) || 7);
          const ids = (searches[search.trim().toLowerCase()] ?? []).slice(0, limit);
          const hits = ids.map((id) => {
            const item = items[id]!;
            return {
              id,
              title: id,
              pageid: Number(id.slice(1)),
              concepturi: `http://www.wikidata.org/entity/${id}`,
              repository: 'wikidata',
              url: `//www.wikidata.org/wiki/${id}`,
              display: { label: { value: item.label, language } },
              label: item.label,
              ...(item.description === undefined ? {} : { description: item.description }),
              match: { type: 'label', language, text: item.label },
            };
          });
          return json(
            200,
            JSON.stringify({ searchinfo: { search }, search: hits, success: 1 }),
            hits.length > 0 ? 'ok' : 'notfound',
          );
        }
        case 'wbgetentities': {
          const ids = (params.get('ids') ?? '').split('|').filter((id) => id !== '');
          if (ids.length === 0)
            return apiError(
              'param-missing',
              'Either provide the item "ids" or pairs of "sites" and "titles" for corresponding pages',
            );
          if (ids.length > 50)
            return apiError('toomanyvalues', 'Too many values supplied for parameter "ids". The limit is 50.');
          const bad = ids.find((id) => !/^Q\d+$/.test(id));
          if (bad !== undefined) return apiError('no-such-entity', `Could not find an entity with the ID "${bad}".`);
          const props = new Set(
            (params.get('props') ?? 'info|sitelinks|aliases|labels|descriptions|claims|datatype').split('|'),
          );
          const site = params.get('sitefilter');
          const entities = Object.fromEntries(
            ids.map((id) => [
              id,
              items[id] === undefined ? { id, missing: '' } : entity(id, items[id]!, props, language, site),
            ]),
          );
          return json(200, JSON.stringify({ entities, success: 1 }), 'ok');
        }
        default:
          return apiError('badvalue', 'Unrecognized value for parameter "action".');
      }
    },
    quotaExceeded: () => ({
      status: 429,
      contentType: 'text/html; charset=utf-8',
      body: '<!DOCTYPE html><title>Too many requests</title>',
      kind: 'quota',
    }),
    error200: () =>
      json(
        200,
        JSON.stringify({
          error: {
            code: 'internal_api_error_DBConnectionError',
            info: '[replay] Exception caught: Cannot access the database',
          },
          servedby: 'mw-api-replay',
        }),
        'fault',
      ),
  };
}

const restError = (status: number, title: string, detail: string, uri: string): Answer => ({
  status,
  contentType: 'application/problem+json',
  body: JSON.stringify({
    type: 'https://mediawiki.org/wiki/HyperSwitch/errors/not_found',
    title,
    method: 'get',
    detail,
    uri,
  }),
  kind: 'notfound',
});

export function wikipediaUpstream(): Upstream {
  const { pages } = read<{ pages: Record<string, Page> }>('wikipedia.json');
  return {
    answer({ method, path }) {
      const match = /^\/api\/rest_v1\/page\/summary\/([^/]+)$/.exec(path);
      if (method !== 'GET' || match === null)
        return restError(404, 'Not found.', 'Not found.', `/en.wikipedia.org/v1${path}`);
      const title = decodeURIComponent(match[1]!).replaceAll('_', ' ');
      const page = pages[title];
      if (page === undefined)
        return restError(
          404,
          'Not found.',
          'Page or revision not found.',
          `/en.wikipedia.org/v1/page/summary/${match[1]}`,
        );
      const canonical = title.replaceAll(' ', '_');
      const url = `https://en.wikipedia.org/wiki/${encodeURIComponent(canonical)}`;
      const body = {
        type: 'standard',
        title,
        displaytitle: `<span class="mw-page-title-main">${title}</span>`,
        namespace: { id: 0, text: '' },
        wikibase_item: page.wikibase_item,
        titles: { canonical, normalized: title, display: title },
        pageid: page.pageid,
        lang: 'en',
        dir: 'ltr',
        revision: String(page.pageid * 10),
        tid: '00000000-0000-0000-0000-000000000000',
        timestamp: page.timestamp,
        description: page.description,
        description_source: 'central',
        content_urls: {
          desktop: {
            page: url,
            revisions: `${url}?action=history`,
            edit: `${url}?action=edit`,
            talk: `https://en.wikipedia.org/wiki/Talk:${encodeURIComponent(canonical)}`,
          },
          mobile: { page: url.replace('en.wikipedia', 'en.m.wikipedia'), revisions: '', edit: '', talk: '' },
        },
        extract: page.extract,
        extract_html: `<p>${page.extract.replaceAll('&', '&amp;').replaceAll('<', '&lt;')}</p>`,
      };
      return json(200, JSON.stringify(body), 'ok');
    },
    quotaExceeded: () => restError(429, 'Too many requests', 'Too many requests', '/'),
    error200: () => ({
      status: 200,
      contentType: 'text/html; charset=utf-8',
      body: '<!DOCTYPE html><html><body>Wikimedia Error</body></html>',
      kind: 'fault',
    }),
  };
}
