/**
 * @module
 * The ReccoBeats audio-features driver (live mode): features by ISRC from
 * `GET /v1/audio-features?ids=<ISRC,...>`, at most 40 ids a call, the calls of one request in
 * parallel, every call within the ReccoBeats budget (`client.ts`). Every ISRC asked is read from
 * storage first and only the missing ones are fetched; what is fetched is stored for good, an
 * unknown ISRC for a day (`store.ts`). Identical ISRCs asked concurrently share one call, which
 * is aborted only when every caller waiting on it has gone.
 *
 * ReccoBeats does not say which id a record answers, and one ISRC may answer several records
 * (releases of one recording): records are mapped back through their own `isrc`, and when an
 * ISRC has several, the caller's hint (title, duration) picks one (`choose.ts`), after one
 * `GET /v1/track?ids=<record ids>` for the titles and durations (stored with the records).
 * Mapping: `key` → `keyIndex` (-1 stays -1), `mode` 1/0 → `Major`/`Minor`, no time signature
 * (null; the answer sends 4), the 0..1 features, tempo and loudness as given.
 */
import { SleeveError } from '../../errors.ts';
import type { DriverContext } from '../kit/context.ts';
import type { FeatureHint, AudioFeatures } from '../../domain/features.ts';
import type { FeaturesOptions, FeaturesDriver } from '../contracts/features.ts';
import { choose, needsLookup } from './choose.ts';
import { DRIVER_NAME, MAX_IDS, RECCOBEATS_BUDGET, reccobeatsClient } from './client.ts';
import { featureStore, type Entry, type StoredRecord } from './store.ts';
import { featureRecords, ISRC, trackRecords, type TrackRecord } from './wire.ts';
import { shareWork, type SharedWork } from '../kit/shared-work.ts';
import { inFlight } from '../../utils/in-flight.ts';
import { decoded, WireError } from '../shared/wire.ts';
import type { RequestScope } from '../kit/scope.ts';
import { isBudgetRefusal } from '../kit/refusals.ts';

export interface ReccoBeatsOptions {
  /** Default `https://api.reccobeats.com` (the driver adds `/v1/...`); point it at a replay to run offline. */
  baseUrl?: string;
  /** Milliseconds before a call with no answer is a 504 (default 2500, kit/call/call.ts). */
  timeoutMs?: number;
  /** Calls allowed per window, over the default of 30 per 5 s (`client.ts` says why). */
  budget?: { limit: number; windowMs: number };
}

export const DEFAULT_BASE_URL = 'https://api.reccobeats.com';
/** What the health probe asks for: Blinding Lights, the ISRC of the recorded ReccoBeats answer. */
const PROBE_ISRC = 'USUG11904206';
const FEATURES_PATH = '/v1/audio-features';
const TRACK_PATH = '/v1/track';

/** One call for up to 40 ISRCs, shared by every caller who wants any of them. */
type Batch = SharedWork<Map<string, Entry>>;

const chunks = <T>(items: readonly T[]): T[][] =>
  Array.from({ length: Math.ceil(items.length / MAX_IDS) }, (_, i) => items.slice(i * MAX_IDS, (i + 1) * MAX_IDS));

const decode = <T>(body: unknown, map: (body: unknown) => T): T => decoded(DRIVER_NAME, body, map);

/** Hints by upper-case ISRC, the first of several spellings winning. */
function hintsOf(hints: FeaturesOptions['hints']): Map<string, FeatureHint> {
  const out = new Map<string, FeatureHint>();
  for (const [isrc, hint] of hints ?? []) if (!out.has(isrc.toUpperCase())) out.set(isrc.toUpperCase(), hint);
  return out;
}

export default function reccobeats(options: ReccoBeatsOptions, ctx: DriverContext): FeaturesDriver {
  const baseUrl = options.baseUrl ?? DEFAULT_BASE_URL;
  const budget = ctx.budget({ ...RECCOBEATS_BUDGET, ...options.budget, name: DRIVER_NAME });
  const client = reccobeatsClient({
    upstream: ctx.upstream({
      name: DRIVER_NAME,
      base: baseUrl,
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      budget,
      setting: 'SLEEVE_FEATURES_URL',
    }),
    now: ctx.now,
  });
  const store = featureStore(ctx.storage, ctx.now, ctx.breaker);
  /** ISRC → the batch fetching it now. */
  const flights = inFlight<Batch>();

  /** One call; every ISRC of it is stored, known or not. Records of ISRCs not asked answer nothing. */
  const fetchBatch = async (isrcs: readonly string[], scope: RequestScope): Promise<Map<string, Entry>> => {
    const records = decode(await client.get(FEATURES_PATH, isrcs, scope), featureRecords);
    const byIsrc = new Map<string, StoredRecord[]>(isrcs.map((isrc) => [isrc, []]));
    const seen = new Set<string>();
    for (const record of records) {
      const list = record.isrc === null ? undefined : byIsrc.get(record.isrc);
      if (list === undefined || seen.has(record.id)) continue;
      seen.add(record.id);
      list.push({ id: record.id, href: record.href, f: record.features });
    }
    const entries = [...byIsrc].map(([isrc, list]) => store.entry(isrc, list));
    await store.write(entries);
    return new Map(entries.map((entry) => [entry.k, entry]));
  };

  const start = (isrcs: string[]): void => {
    // Forgotten for its ISRCs once it settles or nobody waits: `inFlight` keeps ISRCs another batch took since.
    let forget = () => {};
    const batch: Batch = shareWork(
      async (scope) => {
        try {
          return await fetchBatch(isrcs, scope);
        } finally {
          forget();
        }
      },
      () => forget(),
      DRIVER_NAME,
      ctx.clock,
    );
    forget = flights.add(isrcs, batch);
  };

  /** Fetches what storage lacks: ISRCs already in flight join their batch, the rest go out 40 a call, in parallel. */
  const fetchMissing = async (
    isrcs: readonly string[],
    scope: RequestScope | undefined,
  ): Promise<Map<string, Entry>> => {
    for (const chunk of chunks(isrcs.filter((isrc) => !flights.has(isrc)))) start(chunk);
    const batches = [...new Set(isrcs.map((isrc) => flights.get(isrc)).filter((batch) => batch !== undefined))];
    const found = new Map<string, Entry>();
    const answers = await Promise.all(batches.map((batch) => batch.join(scope)));
    for (const answered of answers) for (const [isrc, entry] of answered) found.set(isrc, entry);
    return found;
  };

  /**
   * Titles and durations of the records of ISRCs that answered several, for callers who hinted
   * which track they mean. A failure here costs only the choice: those ISRCs answer their first
   * record, as with no hint, and the lookup is tried again next time.
   */
  const lookUpReleases = async (
    entries: Map<string, Entry>,
    hints: Map<string, FeatureHint>,
    scope: RequestScope | undefined,
  ): Promise<void> => {
    const pending = [...entries.values()].filter((entry) => needsLookup(entry.r, hints.get(entry.k)));
    if (pending.length === 0) return;
    const ids = [...new Set(pending.flatMap((entry) => entry.r.map((record) => record.id)))];
    let tracks: TrackRecord[];
    try {
      tracks = (
        await Promise.all(
          chunks(ids).map(async (chunk) => decode(await client.get(TRACK_PATH, chunk, scope), trackRecords)),
        )
      ).flat();
    } catch (error) {
      if (scope?.signal.aborted) throw scope.signal.reason;
      if (!(error instanceof SleeveError)) throw error;
      ctx.log.error('[reccobeats] release lookup failed: ISRCs with several records answer the first', {
        error: error.message,
      });
      return;
    }
    const byId = new Map(tracks.map((track) => [track.id, track]));
    const byHref = new Map(tracks.filter((track) => track.href !== null).map((track) => [track.href, track]));
    const updated = pending.map(
      (entry): Entry => ({
        ...entry,
        r: entry.r.map((record) => {
          const track = byId.get(record.id) ?? (record.href === null ? undefined : byHref.get(record.href));
          return { ...record, t: track ? { title: track.title, durationMs: track.durationMs } : null };
        }),
      }),
    );
    for (const entry of updated) entries.set(entry.k, entry);
    await store.write(updated);
  };

  return {
    name: DRIVER_NAME,
    answeredAt: () => ctx.circuit(DRIVER_NAME).answeredAt,
    async features(isrcs, o = {}) {
      o.scope?.signal.throwIfAborted();
      // Asked spelling → upper case; what is no ISRC at all is unknown without asking.
      const asked = new Map<string, string>();
      for (const isrc of isrcs) {
        const upper = isrc.trim().toUpperCase();
        if (ISRC.test(upper)) asked.set(isrc, upper);
      }
      const wanted = [...new Set(asked.values())];
      if (wanted.length === 0) return new Map();
      const entries = await store.read(wanted);
      o.scope?.signal.throwIfAborted();
      const missing = wanted.filter((isrc) => !entries.has(isrc));
      if (missing.length > 0) {
        const fetched = await fetchMissing(missing, o.scope);
        for (const isrc of missing) {
          const entry = fetched.get(isrc);
          if (entry !== undefined) entries.set(isrc, entry);
        }
      }
      const hints = hintsOf(o.hints);
      await lookUpReleases(entries, hints, o.scope);
      const found = new Map<string, AudioFeatures>();
      for (const [spelling, isrc] of asked) {
        const entry = entries.get(isrc);
        const record = entry === undefined ? undefined : choose(entry.r, hints.get(isrc));
        if (record !== undefined) found.set(spelling, { isrc, ...record.f });
      }
      return found;
    },
    // Never from storage: a health check must reach ReccoBeats. The status seen, 0 when unreachable.
    async probe(o) {
      o?.scope?.signal.throwIfAborted();
      try {
        // Within the scope's bound for a turn: past it the budget refuses, and the refusal is thrown.
        await budget.take(o?.scope, { until: o?.scope?.turnsBy });
        const { status, text } = await client.raw(FEATURES_PATH, [PROBE_ISRC], o?.scope);
        if (status !== 200) return { ok: false, status };
        featureRecords(JSON.parse(text));
        return { ok: true, status };
      } catch (error) {
        if (o?.scope?.signal.aborted) throw o.scope.signal.reason;
        // No turn is no word from ReccoBeats: the caller reads the refusal (`/healthz`, D55).
        if (isBudgetRefusal(error)) throw error;
        if (error instanceof SyntaxError || error instanceof WireError) return { ok: false, status: 200 };
        if (error instanceof SleeveError) return { ok: false, status: 0 };
        throw error;
      }
    },
  };
}
