/**
 * Issue #34, D15: a name is exact once case, accents, punctuation and how its apostrophe is
 * typed are folded away. The demo catalogue holds "It's Only Love" (`catalog/generate/words.ts`); each
 * way of typing it finds it first, scored as an exact match.
 */
import { describe, expect, it } from 'vitest';
import * as s from '../../../core/schemas/responses/index.ts';
import { ok, q } from '../../helpers/routes/client.ts';

const TITLE = "It's Only Love";
const TYPINGS = ['its only love', "it's only love", 'It’s Only Love', 'it s only love'];

describe(`/search/all finds "${TITLE}" however its apostrophe is typed`, () => {
  it.each(TYPINGS)('query=%s: the first track, an exact match (score >= 0.7)', async (query) => {
    for (const types of [undefined, 'tracks']) {
      const body = await ok(
        s.searchAllSchema,
        `/search/all?${q({ query, ...(types === undefined ? {} : { types }) })}`,
      );
      const [first] = body.tracks;
      expect(first?.name, `${query} (${types ?? 'all'})`).toBe(TITLE);
      expect(first!.score).toBeGreaterThanOrEqual(0.7);
    }
  });

  it('a near spelling is no exact match', async () => {
    const body = await ok(s.searchAllSchema, `/search/all?${q({ query: 'it only love', types: 'tracks' })}`);
    for (const track of body.tracks) expect(track.score).toBeLessThan(0.7);
  });
});
