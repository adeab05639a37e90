/**
 * D30 with a lyrics source: `/ai/lyrics-explain` gives the model the song's words (from the
 * source the deployment has: LRCLIB in live mode, here one an embedder passes) and says so
 * with `lyricsUsed`; the words reach the prompt but never the answer's `grounding`; an
 * instrumental, a missing record and a failing source each tell the model what it has, and a
 * failing source answers degraded (not cached) rather than failing the request.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Lyrics, LyricsDriver, Sleeve } from '../../../core/index.ts';
import { LYRICS_CHARS } from '../../../core/services/ai/lyrics-facts.ts';
import { startFakeModel, type FakeModel } from '../../helpers/fake-openai.ts';
import { call, q } from '../../helpers/routes/client.ts';
import { trackWithFeatures } from '../../helpers/routes/fixtures.ts';
import { aiSleeve, groundedIn } from '../../helpers/routes/ai.ts';

// "Amazing Grace" (John Newton, 1779): public domain.
const WORDS =
  'Amazing grace! How sweet the sound\nThat saved a wretch like me!\n\nI once was lost, but now am found;\nWas blind, but now I see.';

type Answer = Lyrics | null | Error;
let answer: Answer;
const asked: { artist: string; title: string; duration?: number }[] = [];
const lyrics: LyricsDriver = {
  name: 'test-lyrics',
  attribution: { source: 'TestLyrics', url: 'https://lyrics.example', license: null, licenseUrl: null },
  probe: async () => ({ ok: true, status: 200 }),
  async lyrics({ artist, title, duration }) {
    asked.push({ artist, title, duration });
    if (answer instanceof Error) throw answer;
    return answer;
  },
  search: async () => [],
};
const record = (over: Partial<Lyrics>): Lyrics => ({
  id: 7,
  title: 't',
  artist: 'a',
  album: null,
  duration: null,
  instrumental: false,
  plain: null,
  synced: null,
  ...over,
});

let model: FakeModel;
beforeAll(async () => {
  model = await startFakeModel();
});
beforeEach(() => {
  model.calls.length = 0;
  asked.length = 0;
});
afterAll(async () => model.close());

/** Each explanation on a fresh Sleeve: answers are cached 30 days per query. */
async function explain() {
  const track = await trackWithFeatures();
  const sleeve: Sleeve = aiSleeve(model, { sources: { lyrics } });
  return {
    track,
    answer: await call(`/ai/lyrics-explain?${q({ artist: track.artist.name, title: track.title })}`, { sleeve }),
  };
}

describe('/ai/lyrics-explain with a lyrics source', () => {
  it('gives the model the words, asks the source for the track it found, and keeps the words out of the answer', async () => {
    answer = record({ plain: WORDS });
    const {
      track,
      answer: { status, body, headers },
    } = await explain();
    expect(status).toBe(200);
    expect(body.lyricsUsed).toBe(true);
    expect(asked).toEqual([
      { artist: track.artist.name, title: track.title, duration: Math.round(track.durationMs / 1000) },
    ]);
    const system = model.lastSystem();
    expect(system).toContain('That saved a wretch like me!');
    expect(system).toContain('never quote or paraphrase');
    groundedIn(system, body.grounding);
    expect(JSON.stringify(body)).not.toContain('wretch');
    expect(body.grounding.find((g: { subject: string }) => g.subject === 'Lyrics').facts).toEqual([
      'the lyrics from TestLyrics (4 lines): read by the model, not repeated here (see /lyrics)',
    ]);
    expect(headers.get('x-cache')).not.toBe('DEGRADED');
  });

  it('reads synced-only records without their timestamps, and gives the model at most LYRICS_CHARS of text', async () => {
    answer = record({ synced: '[00:01.00] Amazing grace!\n[00:05.50]How sweet the sound' });
    await explain();
    expect(model.lastSystem()).toContain('- Amazing grace!\nHow sweet the sound');
    answer = record({ plain: 'x'.repeat(LYRICS_CHARS * 3) });
    await explain();
    expect(model.lastSystem()).toContain('x'.repeat(LYRICS_CHARS));
    expect(model.lastSystem()).not.toContain('x'.repeat(LYRICS_CHARS + 1));
  });

  it('tells the model an instrumental has no words, and counts it as used', async () => {
    answer = record({ instrumental: true });
    const {
      answer: { body },
    } = await explain();
    expect(body.lyricsUsed).toBe(true);
    expect(model.lastSystem()).toContain('- the track is instrumental: it has no words (TestLyrics)');
  });

  it('says what is missing when the source has no record, or fails (then the answer is degraded and not cached)', async () => {
    answer = null;
    const none = await explain();
    expect(none.answer.body.lyricsUsed).toBe(false);
    expect(model.lastSystem()).toContain('- not available to you: TestLyrics has no lyrics for this track');

    answer = new Error('lyrics upstream down');
    const failed = await explain();
    expect([failed.answer.status, failed.answer.body.lyricsUsed]).toEqual([200, false]);
    expect(model.lastSystem()).toContain('- not available to you: TestLyrics did not answer');
    expect(failed.answer.headers.get('cache-control')).toMatch(/no-store|max-age=0/);
  });
});
