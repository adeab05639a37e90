/**
 * @module
 * The ReccoBeats upstream of the replay: `GET /v1/audio-features?ids=` and `GET /v1/track?ids=`
 * the way api.reccobeats.com answers them, from the recorded Blinding Lights record and the
 * records `replay/reccobeats/derive.ts` derived for the Deezer replay's tracks (see
 * `test/fixtures/reccobeats/PROVENANCE.md`). An id may be an ISRC, a ReccoBeats UUID or a
 * Spotify id; one ISRC can answer several records (releases of one recording); ids nobody
 * knows are simply absent from `content`. At most 40 ids a call, comma-separated or repeated
 * (`ids=a&ids=b`), as the docs allow; none or more is a 400. Error bodies were never recorded:
 * their wording here is assumed (the docs name codes 4001 and 4291).
 */
import { readFileSync } from 'node:fs';
import { DERIVED_FEATURES_FILE, DERIVED_TRACKS_FILE, RECCOBEATS_FIXTURES } from './derive.ts';
import { json, type Answer, type Upstream } from '../contract.ts';

/** ReccoBeats' limit of ids per call (D1). */
const MAX_IDS = 40;

const RECORDED_FEATURES = 'audio-features__ids-0VjIjW4GlUZAMYd2vXMi3b.json';
const RECORDED_TRACK = 'track__ids-0VjIjW4GlUZAMYd2vXMi3b__ELIDED.json';
/** The query the recording answered: asked exactly so, it is answered byte-for-byte. */
const RECORDED_IDS = '0VjIjW4GlUZAMYd2vXMi3b';

const QUOTA =
  '{"error":"Too Many Requests","status":429,"code":4291,"message":"Rate limit exceeded. Please retry after the time given in the Retry-After header."}';
const ERROR_200 =
  '{"error":"Internal Error","code":5000,"message":"An unexpected error occurred while processing the request."}';
const badRequest = (message: string): string =>
  JSON.stringify({ error: 'Bad Request', status: 400, code: 4001, message });

type Json = Record<string, unknown>;

interface Loaded {
  /** Every feature record, recorded first, each under the lookup keys that find it. */
  features: Index;
  tracks: Index;
  recordedFeatures: string;
  recordedTrack: string;
}

/** Records by every id that finds them: ISRC (upper case), ReccoBeats UUID (lower case), Spotify id. */
class Index {
  private readonly by = new Map<string, Json[]>();

  constructor(records: readonly Json[]) {
    for (const record of records) {
      const text = (field: string): string | undefined =>
        typeof record[field] === 'string' ? record[field] : undefined;
      const spotify = /^https:\/\/open\.spotify\.com\/track\/(\w+)$/.exec(text('href') ?? '')?.[1];
      for (const key of [text('isrc')?.toUpperCase(), text('id')?.toLowerCase(), spotify]) {
        if (key === undefined) continue;
        const list = this.by.get(key) ?? [];
        list.push(record);
        this.by.set(key, list);
      }
    }
  }

  find(id: string): Json[] {
    return this.by.get(id) ?? this.by.get(id.toUpperCase()) ?? this.by.get(id.toLowerCase()) ?? [];
  }
}

let loaded: Loaded | undefined;

const read = (file: string): string => readFileSync(new URL(file, RECCOBEATS_FIXTURES), 'utf8');
const contentOf = (text: string, file: string): Json[] => {
  const body = JSON.parse(text) as unknown;
  const content = typeof body === 'object' && body !== null ? (body as Json)['content'] : undefined;
  if (!Array.isArray(content)) throw new Error(`${file}: no content list`);
  return content as Json[];
};

function load(): Loaded {
  if (loaded === undefined) {
    const recordedFeatures = read(RECORDED_FEATURES);
    const recordedTrack = read(RECORDED_TRACK);
    loaded = {
      features: new Index([
        ...contentOf(recordedFeatures, RECORDED_FEATURES),
        ...contentOf(read(DERIVED_FEATURES_FILE), DERIVED_FEATURES_FILE),
      ]),
      tracks: new Index([
        ...contentOf(recordedTrack, RECORDED_TRACK),
        ...contentOf(read(DERIVED_TRACKS_FILE), DERIVED_TRACKS_FILE),
      ]),
      recordedFeatures,
      recordedTrack,
    };
  }
  return loaded;
}

/** `ids=a,b&ids=c` → [a, b, c]; blanks dropped. */
function idsOf(params: URLSearchParams): string[] {
  return params
    .getAll('ids')
    .flatMap((value) => value.split(','))
    .map((id) => id.trim())
    .filter((id) => id !== '');
}

function lookup(index: Index, params: URLSearchParams, recorded: string): Answer {
  const ids = idsOf(params);
  // `error800` is the log's name for an upstream's own error body (Deezer's ParameterException alike).
  if (ids.length === 0) return json(400, badRequest("Required parameter 'ids' is missing."), 'error800');
  if (ids.length > MAX_IDS)
    return json(400, badRequest(`At most ${MAX_IDS} ids are allowed, got ${ids.length}.`), 'error800');
  if (params.getAll('ids').join(',') === RECORDED_IDS) return json(200, recorded, 'ok');
  const seen = new Set<Json>();
  const content = ids.flatMap((id) => index.find(id)).filter((record) => !seen.has(record) && seen.add(record));
  return json(200, JSON.stringify({ content }), 'ok');
}

export function reccobeatsUpstream(): Upstream {
  const fixtures = load();
  return {
    answer({ method, path, params }) {
      if (method === 'GET' && path === '/v1/audio-features')
        return lookup(fixtures.features, params, fixtures.recordedFeatures);
      if (method === 'GET' && path === '/v1/track') return lookup(fixtures.tracks, params, fixtures.recordedTrack);
      return json(
        404,
        JSON.stringify({ error: 'Not Found', status: 404, message: `No endpoint ${method} ${path}.` }),
        'notfound',
      );
    },
    // Real ReccoBeats also sends `Retry-After`; the replay's Answer carries no headers (yet).
    quotaExceeded: () => json(429, QUOTA, 'quota'),
    error200: () => json(200, ERROR_200, 'fault'),
  };
}
