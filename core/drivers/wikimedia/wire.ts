/**
 * @module
 * The Wikimedia answers the knowledge driver reads, as documented:
 * - Wikidata `action=wbsearchentities` (https://www.wikidata.org/w/api.php?action=help&modules=wbsearchentities):
 *   `{ search: [{ id, label, description?, match: { type, text } }] }`;
 * - Wikidata `action=wbgetentities` (https://www.wikidata.org/w/api.php?action=help&modules=wbgetentities):
 *   `{ entities: { Q…: { id, labels, descriptions, aliases, claims, sitelinks } | { id, missing: "" } } }`,
 *   claims in the JSON data model (https://doc.wikimedia.org/Wikibase/master/php/docs_topics_json.html);
 * - Wikipedia's REST summary (https://www.mediawiki.org/wiki/Specs/Summary/1.3.0):
 *   `{ type, title, description?, extract, content_urls.desktop.page, lang, timestamp, wikibase_item }`.
 * The Action API reports failures as `{ error: { code, info } }`, with HTTP 200.
 * A shape other than these is a `WireError` (a 502 naming the upstream).
 */
import { isRecord, WireError } from '../shared/wire.ts';

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The Action API's error, when the body is one: `{ code, info }`. */
export function apiError(body: unknown): { code: string; info: string } | null {
  if (!isRecord(body) || !isRecord(body.error)) return null;
  return { code: str(body.error.code) ?? 'unknown', info: str(body.error.info) ?? '' };
}

export interface SearchHit {
  id: string;
  /** The text that matched (a label or an alias), else the label. */
  matched: string;
  label: string;
}

export function searchHits(body: unknown): SearchHit[] {
  if (!isRecord(body) || !Array.isArray(body.search)) throw new WireError('wbsearchentities answered no search list');
  return body.search.map((hit): SearchHit => {
    if (!isRecord(hit) || typeof hit.id !== 'string' || !/^Q\d+$/.test(hit.id))
      throw new WireError('a search hit has no item id');
    const label = str(hit.label) ?? hit.id;
    const matched = isRecord(hit.match) ? (str(hit.match.text) ?? label) : label;
    return { id: hit.id, label, matched };
  });
}

/** One statement's main value, as far as the driver reads it. */
type Value =
  | { type: 'item'; id: string }
  | { type: 'string'; value: string }
  | { type: 'time'; time: string; precision: number }
  | { type: 'other' };

export interface Statement {
  rank: 'preferred' | 'normal' | 'deprecated';
  value: Value | null;
}

export interface Entity {
  id: string;
  label: string | null;
  description: string | null;
  aliases: string[];
  /** Property id → statements, deprecated ones included (readers drop them). */
  claims: Map<string, Statement[]>;
  /** Site id (`enwiki`) → the article's title and URL. */
  sitelinks: Map<string, { title: string; url: string | null }>;
}

function snakValue(snak: unknown): Value | null {
  if (!isRecord(snak) || snak.snaktype !== 'value' || !isRecord(snak.datavalue)) return null;
  const { type, value } = snak.datavalue;
  if (type === 'wikibase-entityid' && isRecord(value) && typeof value.id === 'string')
    return { type: 'item', id: value.id };
  if (type === 'string' && typeof value === 'string') return { type: 'string', value };
  if (type === 'time' && isRecord(value) && typeof value.time === 'string') {
    return { type: 'time', time: value.time, precision: typeof value.precision === 'number' ? value.precision : 0 };
  }
  return { type: 'other' };
}

const inLanguage = (record: unknown, language: string): string | null =>
  isRecord(record) && isRecord(record[language]) ? str((record[language] as Record<string, unknown>).value) : null;

function entity(body: unknown, language: string): Entity | null {
  if (!isRecord(body) || typeof body.id !== 'string') throw new WireError('an entity has no id');
  if ('missing' in body) return null;
  const claims = new Map<string, Statement[]>();
  if (isRecord(body.claims)) {
    for (const [property, list] of Object.entries(body.claims)) {
      if (!Array.isArray(list)) throw new WireError(`claims of ${property} are not a list`);
      claims.set(
        property,
        list.filter(isRecord).map(
          (statement): Statement => ({
            rank: statement.rank === 'preferred' || statement.rank === 'deprecated' ? statement.rank : 'normal',
            value: snakValue(statement.mainsnak),
          }),
        ),
      );
    }
  }
  const sitelinks = new Map<string, { title: string; url: string | null }>();
  if (isRecord(body.sitelinks)) {
    for (const [site, link] of Object.entries(body.sitelinks)) {
      if (isRecord(link) && typeof link.title === 'string')
        sitelinks.set(site, { title: link.title, url: str(link.url) });
    }
  }
  const aliases =
    isRecord(body.aliases) && Array.isArray(body.aliases[language])
      ? (body.aliases[language] as unknown[]).flatMap((alias) =>
          isRecord(alias) && typeof alias.value === 'string' ? [alias.value] : [],
        )
      : [];
  return {
    id: body.id,
    label: inLanguage(body.labels, language),
    description: inLanguage(body.descriptions, language),
    aliases,
    claims,
    sitelinks,
  };
}

/** The entities answered, by id; a missing one is absent. */
export function entities(body: unknown, language: string): Map<string, Entity> {
  if (!isRecord(body) || !isRecord(body.entities)) throw new WireError('wbgetentities answered no entities');
  const out = new Map<string, Entity>();
  for (const value of Object.values(body.entities)) {
    const read = entity(value, language);
    if (read !== null) out.set(read.id, read);
  }
  return out;
}

export interface Summary {
  type: string;
  title: string;
  description: string | null;
  extract: string;
  url: string | null;
  language: string | null;
  timestamp: string | null;
}

export function summary(body: unknown): Summary {
  if (!isRecord(body) || typeof body.title !== 'string' || typeof body.type !== 'string')
    throw new WireError('the summary has no title or type');
  if (typeof body.extract !== 'string') throw new WireError('the summary has no extract');
  const desktop =
    isRecord(body.content_urls) && isRecord(body.content_urls.desktop) ? str(body.content_urls.desktop.page) : null;
  return {
    type: body.type,
    title: body.title,
    description: str(body.description),
    extract: body.extract,
    url: desktop,
    language: str(body.lang),
    timestamp: str(body.timestamp),
  };
}
