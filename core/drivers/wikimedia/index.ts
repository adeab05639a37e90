/**
 * @module
 * The knowledge driver (live mode, D26): structured facts about a musician or band from
 * Wikidata and the lead of their Wikipedia article, keyless.
 *
 * Finding the item for a name: Wikidata's `wbsearchentities` (labels and aliases, best first,
 * 7 candidates), then one `wbgetentities` of them all; of those that are music artists
 * (`facts.ts`), the one whose label or an alias is most like the name wins, if at least a
 * plausible match (`PLAUSIBLE`, 0.5), a tie going to Wikidata's own order.
 * When the music source is Deezer and the caller named the artist by id, an item carrying
 * that Deezer artist id (P2722) wins outright, so two artists sharing a name are told apart.
 * The labels of the facts' items (countries, genres, members) come from one more
 * `wbgetentities` (at most 50 ids, the API's limit). The biography is Wikipedia's REST
 * summary of the item's own sitelink (`/api/rest_v1/page/summary/{title}`), never a search
 * of Wikipedia by name: the article is the one Wikidata links to the very item the facts
 * describe.
 *
 * Wikimedia asks for a User-Agent with a contact (`shared/agent.ts`) and for Action API calls
 * in series rather than in parallel: at most 2 Wikidata calls at once per process, at most
 * 100 waiting (more is 503 `service_unavailable`). Each upstream has its own timeout (2.5 s)
 * and circuit (`wikidata`, `wikipedia`). Answers are kept 3 days, "nobody of that name" five
 * minutes.
 */
import pLimit from 'p-limit';
import { SleeveError, upstreamError } from '../../errors.ts';
import { PLAUSIBLE, similarity } from '../../text/similarity.ts';
import { sleeveAgent } from '../shared/agent.ts';
import {
  textReplyOf,
  call,
  jsonOf,
  unexpected,
  UPSTREAM_TIMEOUT_MS,
  type TextReply,
  type Upstream,
} from '../kit/call/call.ts';
import type { DriverContext } from '../kit/context.ts';
import { decoded } from '../shared/wire.ts';
import type { ArtistFacts, Biography, KnowledgeRef } from '../../domain/knowledge.ts';
import type { CallOptions } from '../contracts/driver.ts';
import type { FindArtistOptions, KnowledgeDriver } from '../contracts/knowledge.ts';
import { hasDeezerId, isMusicArtist, rawFacts } from './facts.ts';
import { apiError, entities, searchHits, summary, type Entity, type SearchHit } from './wire.ts';
import type { RequestScope } from '../kit/scope.ts';

const DRIVER_NAME: string = 'wikimedia';
export const DEFAULT_WIKIDATA_URL = 'https://www.wikidata.org';
export const DEFAULT_WIKIPEDIA_URL = 'https://en.wikipedia.org';
/** Three days: articles and items change, but an artist's lead and facts rarely within days (D26). */
const CACHE_SECONDS: number = 3 * 24 * 60 * 60;
const CANDIDATES = 7;
/** `wbgetentities` takes at most 50 ids a call. */
const MAX_IDS = 50;
const CONCURRENT_WIKIDATA = 2;
const MAX_WAITING = 100;
const MAX_BODY_BYTES = 2 * 1024 * 1024;

export interface WikimediaOptions {
  /** Default `https://www.wikidata.org` (the driver adds `/w/api.php`). */
  wikidataUrl?: string;
  /** Default `https://en.wikipedia.org` (the driver adds `/api/rest_v1/...`); its language should be `language`'s. */
  wikipediaUrl?: string;
  /** Labels, descriptions and the article's wiki (`<language>wiki`); default `en`. */
  language?: string;
  timeoutMs?: number;
  /** Seconds an answer is kept (default 3 days); "nothing there" five minutes. */
  cacheSeconds?: number;
  /** The operator's e-mail or URL for the User-Agent (`SLEEVE_CONTACT`). */
  contact?: string;
}

const trim = (url: string): string => url.replace(/\/+$/, '');

interface Candidate {
  hit: SearchHit;
  entity: Entity;
}

/** The music artist whose label, matched text or an alias is most like the name (at least `PLAUSIBLE`, D5); a tie goes to Wikidata's order. */
function bestByName(candidates: readonly Candidate[], name: string): Candidate | undefined {
  let best: { candidate: Candidate; score: number } | undefined;
  for (const candidate of candidates) {
    const { hit, entity } = candidate;
    if (!isMusicArtist(entity)) continue;
    const score = similarity([hit.matched, hit.label, entity.label ?? '', ...entity.aliases].filter(Boolean), name);
    if (score >= PLAUSIBLE && (best === undefined || score > best.score)) best = { candidate, score };
  }
  return best?.candidate;
}

export default function wikimedia(options: WikimediaOptions, ctx: DriverContext): KnowledgeDriver {
  const language = options.language ?? 'en';
  const site = `${language.replaceAll('-', '_')}wiki`;
  const timeoutMs = options.timeoutMs ?? UPSTREAM_TIMEOUT_MS;
  const upstream = (name: string, base: string): Upstream =>
    ctx.upstream({ name, base: trim(base), timeoutMs, setting: `SLEEVE_${name.toUpperCase()}_URL` });
  const wikidata = upstream('wikidata', options.wikidataUrl ?? DEFAULT_WIKIDATA_URL);
  const wikipedia = upstream('wikipedia', options.wikipediaUrl ?? DEFAULT_WIKIPEDIA_URL);
  const headers = { 'user-agent': sleeveAgent(options.contact), 'accept-language': 'en', accept: 'application/json' };
  const maxAge = options.cacheSeconds ?? CACHE_SECONDS;
  const inSeries = pLimit(CONCURRENT_WIKIDATA);
  const ask = (up: Upstream, path: string, scope: RequestScope | undefined, raw = false): Promise<TextReply> =>
    call(
      up,
      path,
      { scope, headers, raw, redirect: 'same-base', maxBytes: MAX_BODY_BYTES, passOnRateLimit: true },
      textReplyOf,
    );

  /** One Action API call: its JSON, an API error being Wikidata failing. */
  const action = (params: Record<string, string>, scope: RequestScope | undefined): Promise<unknown> => {
    if (inSeries.pendingCount >= MAX_WAITING) {
      throw new SleeveError('service_unavailable', '[sleeve] [wikidata] too many calls waiting; try again shortly', {
        headers: { 'Retry-After': '1' },
      });
    }
    return inSeries(async () => {
      scope?.signal.throwIfAborted();
      const query = new URLSearchParams({ ...params, format: 'json', formatversion: '1' });
      const answer = await ask(wikidata, `/w/api.php?${query}`, scope);
      if (answer.status !== 200) throw unexpected(wikidata, answer);
      const body = jsonOf(wikidata, answer);
      const error = apiError(body);
      if (error !== null)
        throw upstreamError('wikidata', `answered an error: ${error.code} ${error.info.slice(0, 200)}`);
      return body;
    });
  };

  const getEntities = async (
    ids: readonly string[],
    props: string,
    scope: RequestScope | undefined,
  ): Promise<Map<string, Entity>> => {
    if (ids.length === 0) return new Map();
    const sitelinks: Record<string, string> = props.includes('sitelinks') ? { sitefilter: site } : {};
    const body = await action(
      { action: 'wbgetentities', ids: ids.slice(0, MAX_IDS).join('|'), props, languages: language, ...sitelinks },
      scope,
    );
    return decoded('wikidata', body, (b) => entities(b, language));
  };

  const named = (ids: readonly string[], labels: Map<string, Entity>): KnowledgeRef[] =>
    ids.map((id) => ({ id, name: labels.get(id)?.label ?? id }));

  const facts = async (entity: Entity | null, scope: RequestScope): Promise<ArtistFacts | null> => {
    if (entity === null) return null;
    const raw = rawFacts(entity);
    const labels = await getEntities(
      [...new Set([...raw.countries, ...raw.places, ...raw.genres, ...raw.members])],
      'labels',
      scope,
    );
    const link = entity.sitelinks.get(site);
    return {
      id: entity.id,
      label: entity.label ?? entity.id,
      description: entity.description,
      kind: raw.kind,
      countries: named(raw.countries, labels),
      places: named(raw.places, labels),
      activeFrom: raw.activeFrom,
      activeTo: raw.activeTo,
      genres: named(raw.genres, labels),
      members: named(raw.members, labels),
      officialWebsite: raw.officialWebsite,
      url: `${wikidata.base}/wiki/${entity.id}`,
      article:
        link === undefined
          ? null
          : {
              title: link.title,
              url: link.url ?? `${wikipedia.base}/wiki/${encodeURIComponent(link.title.replaceAll(' ', '_'))}`,
            },
    };
  };

  const artist = ctx.cached<{ name: string; deezer: number | null }, ArtistFacts>({
    name: `wikidata:artist:${language}`,
    maxAge,
    async run({ name, deezer }, scope) {
      const hits = decoded(
        'wikidata',
        await action(
          {
            action: 'wbsearchentities',
            search: name,
            language,
            uselang: language,
            type: 'item',
            limit: String(CANDIDATES),
          },
          scope,
        ),
        searchHits,
      );
      if (hits.length === 0) return null;
      const found = await getEntities(
        hits.map((hit) => hit.id),
        'labels|descriptions|aliases|claims|sitelinks/urls',
        scope,
      );
      const candidates = hits.flatMap((hit) => {
        const entity = found.get(hit.id);
        return entity === undefined ? [] : [{ hit, entity }];
      });
      const byId = deezer === null ? undefined : candidates.find(({ entity }) => hasDeezerId(entity, deezer));
      return facts((byId ?? bestByName(candidates, name))?.entity ?? null, scope);
    },
  });

  const biography = ctx.cached<{ title: string }, Biography>({
    name: `wikipedia:summary:${language}`,
    maxAge,
    async run({ title }, scope) {
      const path = `/api/rest_v1/page/summary/${encodeURIComponent(title.replaceAll(' ', '_'))}`;
      const answer = await ask(wikipedia, path, scope);
      if (answer.status === 404) return null;
      if (answer.status !== 200) throw unexpected(wikipedia, answer);
      const lead = decoded('wikipedia', jsonOf(wikipedia, answer), summary);
      // A disambiguation page or an article without a lead is no biography.
      if (lead.type !== 'standard' || lead.extract.trim() === '') return null;
      return {
        title: lead.title,
        description: lead.description,
        extract: lead.extract,
        url: lead.url ?? `${wikipedia.base}/wiki/${encodeURIComponent(lead.title.replaceAll(' ', '_'))}`,
        language: lead.language ?? language,
        lastModified: lead.timestamp,
      };
    },
  });

  return {
    name: DRIVER_NAME,
    factsAttribution: {
      source: 'Wikidata',
      license: 'CC0 1.0',
      licenseUrl: 'https://creativecommons.org/publicdomain/zero/1.0/',
    },
    biographyAttribution: {
      source: 'Wikipedia',
      license: 'CC BY-SA 4.0',
      licenseUrl: 'https://creativecommons.org/licenses/by-sa/4.0/',
    },
    artist: (name: string, o: FindArtistOptions = {}) =>
      artist({ name: name.trim().toLowerCase(), deezer: o.deezerArtistId ?? null }, { scope: o.scope }),
    biography: (title: string, o: CallOptions = {}) => biography({ title }, { scope: o.scope }),
    // Never from the cache: both APIs must answer; Wikidata is asked for its own item (Q2013).
    async probe(o) {
      const one = async (up: Upstream, path: string) => {
        try {
          const { status } = await ask(up, path, o?.scope, true);
          return { ok: status === 200, status };
        } catch (error) {
          if (o?.scope?.signal.aborted) throw error;
          return { ok: false, status: 0 };
        }
      };
      const results = await Promise.all([
        one(wikidata, '/w/api.php?action=wbgetentities&ids=Q2013&props=labels&languages=en&format=json'),
        one(wikipedia, '/api/rest_v1/page/summary/Wikipedia'),
      ]);
      return results.find((r) => !r.ok) ?? { ok: true, status: 200 };
    },
  };
}
