/**
 * Issue #34, D15 in live mode: a name is exact once case, accents, punctuation and how its
 * apostrophe is typed are folded away. The recordings hold no "It's Only Love"; they hold Lou
 * Doillon's "It's you", which each way of typing it finds first, scored as an exact match.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sleeve } from '../../../core/index.ts';
import * as s from '../../../core/schemas/responses/index.ts';
import { startReplay, type Replay } from '../../../replay/server.ts';
import { ok, q } from '../../helpers/routes/client.ts';
import { disposeSleeves, liveSleeve } from '../../helpers/live/live.ts';

const TITLE = "It's you";
const TYPINGS = ['its you', "it's you", 'It’s You', 'it s you'];

let replay: Replay;
let live: Sleeve;

beforeAll(async () => {
  replay = await startReplay();
  live = liveSleeve(replay);
});
afterAll(async () => {
  await disposeSleeves();
  await replay?.close();
});

describe(`live /search/all finds "${TITLE}" however its apostrophe is typed`, () => {
  it.each(TYPINGS)('query=%s: the first track, an exact match (score >= 0.7)', async (query) => {
    for (const types of [undefined, 'tracks']) {
      const body = await ok(
        s.searchAllSchema,
        `/search/all?${q({ query, ...(types === undefined ? {} : { types }) })}`,
        { sleeve: live },
      );
      const [first] = body.tracks;
      expect(first?.name, `${query} (${types ?? 'all'})`).toBe(TITLE);
      expect(first!.score).toBeGreaterThanOrEqual(0.7);
    }
  });
});
