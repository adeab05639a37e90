/**
 * @module
 * `/artist/biography` and `/artist/knowledgebase` (D26): the lead of the artist's
 * Wikipedia article and structured facts from Wikidata, each credited under its licence
 * (CC BY-SA for Wikipedia's text, CC0 for Wikidata's facts). The artist is named by `artist`
 * (a name) or `id` (the music driver's artist id, looked up there first; it wins over
 * `artist`). Live mode only: demo mode answers 503 `not_configured`. Cached 3 days; 60 a minute;
 * batchable.
 */
import { SleeveError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { artistOrId } from '../../schemas/params.ts';
import { biographySchema, knowledgebaseSchema } from '../../schemas/responses/index.ts';
import { knowledgeDriver, knownArtist } from '../../services/knowledge.ts';

/** Articles and items change, but rarely within days. */
const KNOWLEDGE_CACHE = 3 * 24 * 60 * 60;
const NOT_IN_DEMO =
  'Live mode only: demo mode answers 503 `not_configured` (its artists are generated; Sleeve never invents a biography).';
const FINDING =
  'The artist is found in Wikidata by name (labels and aliases), and must be a musician or band; by `id`, the music source names the artist first, and on Deezer an item carrying that Deezer artist id wins. No such artist: 404 `not_found`.';

const artistParams = artistOrId();

export const artistBiography = defineEndpoint({
  path: '/artist/biography',
  summary: 'A short biography of an artist: the lead of its Wikipedia article, credited under CC BY-SA.',
  description: [
    FINDING,
    'The article is the one Wikidata links to that artist; none, or one without a lead: 404 `not_found`.',
    NOT_IN_DEMO,
  ].join(' '),
  rateLimit: 60,
  cache: KNOWLEDGE_CACHE,
  params: artistParams,
  example: { artist: 'Daft Punk', id: '27' },
  response: biographySchema,
  async handle({ params, deps, scope }) {
    const knowledge = knowledgeDriver(deps.drivers);
    const { asked, facts } = await knownArtist(deps.drivers, params, scope);
    const lead = facts.article === null ? null : await knowledge.biography(facts.article.title, { scope: scope });
    if (lead === null)
      throw new SleeveError('not_found', `${facts.label} (${facts.id}) has no Wikipedia article with a lead.`);
    return {
      artist: asked,
      wikidataId: facts.id,
      title: lead.title,
      description: lead.description,
      extract: lead.extract,
      url: lead.url,
      language: lead.language,
      lastModified: lead.lastModified,
      attribution: { ...knowledge.biographyAttribution, url: lead.url },
    };
  },
});

export const artistKnowledgebase = defineEndpoint({
  path: '/artist/knowledgebase',
  summary:
    'Structured facts about an artist from Wikidata (CC0): origin, active years, genres, members, official website.',
  description: [
    FINDING,
    '`origin` holds countries (P495; a person: citizenship P27) and places (P740 formation; a person: birth P19); `activeFrom`/`activeTo` are years (P2031/P2032, a group: else P571/P576), null when unknown; `genres` (P136) and `members` (P527) are items with their English labels.',
    NOT_IN_DEMO,
  ].join(' '),
  rateLimit: 60,
  cache: KNOWLEDGE_CACHE,
  params: artistParams,
  example: { artist: 'Daft Punk', id: '27' },
  response: knowledgebaseSchema,
  async handle({ params, deps, scope }) {
    const knowledge = knowledgeDriver(deps.drivers);
    const { asked, facts } = await knownArtist(deps.drivers, params, scope);
    return {
      artist: asked,
      wikidataId: facts.id,
      label: facts.label,
      description: facts.description,
      kind: facts.kind,
      origin: { countries: facts.countries, places: facts.places },
      activeFrom: facts.activeFrom,
      activeTo: facts.activeTo,
      genres: facts.genres,
      members: facts.members,
      officialWebsite: facts.officialWebsite,
      links: { wikidata: facts.url, wikipedia: facts.article?.url ?? null },
      attribution: { ...knowledge.factsAttribution, url: facts.url },
    };
  },
});
