/**
 * @module
 * Live-mode endpoint tests: Sleeves in live mode pointed at one replay of recorded Deezer
 * answers (`replay/server.ts`), each with its own empty memory storage, so a test that cares
 * about cache state takes a fresh one. Bodies are read the way `test/helpers/routes/client.ts` reads
 * them; `liveFails` is its `fails` for any Sleeve.
 */
import { beforeAll, expect } from 'vitest';
import { createSleeve, type Sleeve, type SleeveOptions } from '../../../core/index.ts';
import type { Replay, ReplayCall, ReplayOptions } from '../../../replay/server.ts';
import { replayOnLoopback, standIn } from '../replay.ts';
import { call, type Answer } from '../routes/client.ts';

const quiet = { info: (): void => {}, error: (): void => {} };

/** Every Sleeve made here, so the file's `afterAll` can dispose of their storages. */
const opened: Sleeve[] = [];

/** A live Sleeve on the replay's three upstreams, rate limits off, nothing logged, an empty cache. */
export function liveSleeve(replay: Replay, options: SleeveOptions = {}): Sleeve {
  const sleeve = createSleeve({ mode: 'live', ...replay.options, rateLimits: 'off', log: quiet, ...options });
  opened.push(sleeve);
  return sleeve;
}

export async function disposeSleeves(): Promise<void> {
  await Promise.all(opened.splice(0).map((sleeve) => sleeve.deps.storage.dispose()));
}

/** One replay for the file: started before its tests, closed after them with the Sleeves made on it. */
export function replayForFile(): () => Replay {
  const replay = replayOnLoopback({}, disposeSleeves);
  return () => replay;
}

/**
 * One replay and one live Sleeve on it (memory storage, nothing logged) for the tests of a file,
 * or of the `describe` it is called in: made before them; after them the Sleeve is closed, then
 * the replay.
 */
export function liveOnReplay(settings: ReplayOptions, options: SleeveOptions): { replay: Replay; sleeve: Sleeve } {
  let sleeve: Sleeve | undefined;
  const replay = replayOnLoopback(settings, async () => await sleeve?.close());
  beforeAll(() => {
    sleeve = createSleeve({ mode: 'live', ...replay.options, storage: 'memory', log: quiet, ...options });
  });
  return { replay, sleeve: standIn(() => sleeve, 'the Sleeve') };
}

/** D3 on a given Sleeve: the status, `ok: false` and the error code; answers the whole reply. */
export async function liveFails(sleeve: Sleeve, path: string, status: number, code: string): Promise<Answer> {
  const answer = await call(path, { sleeve });
  expect(answer.status, `${path} → ${JSON.stringify(answer.body).slice(0, 300)}`).toBe(status);
  expect(answer.body).toMatchObject({ ok: false, error: { code } });
  return answer;
}

/** The replay's Deezer answer itself, as the driver would get it (for order and facts the recordings hold). */
export async function upstream<T = { data: Record<string, unknown>[]; total?: number }>(
  replay: Replay,
  path: string,
): Promise<T> {
  const response = await fetch(`${replay.deezerUrl}${path}`);
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

/** The calls Deezer received, in order (the replay may serve other upstreams too). */
export function deezerCalls(calls: readonly ReplayCall[]): ReplayCall[] {
  return calls.filter((c) => c.upstream === 'deezer');
}

/** `path + search` of each call Deezer received, in order: `/search/track?q=…&limit=10`. */
export function called(calls: readonly ReplayCall[]): string[] {
  return deezerCalls(calls).map((c) => `${c.path}${c.search}`);
}
