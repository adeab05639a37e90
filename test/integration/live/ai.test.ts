/**
 * D30 in live mode: the AI routes over the replay of recorded Deezer and ReccoBeats answers,
 * with the fake model on loopback. The prompt holds the recorded facts (Harder, Better,
 * Faster, Stronger: ISRC GBDUW0000059, D major, 123 BPM, energy 0.34), the answer is the
 * model's, a music upstream's failure is its D3 error before any model call, and without a
 * model live mode answers 503 `not_configured` too.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as s from '../../../core/schemas/responses/index.ts';
import { startReplay, type Replay } from '../../../replay/server.ts';
import { replyFor, startFakeModel, type FakeModel } from '../../helpers/fake-openai.ts';
import { groundedIn, postChat } from '../../helpers/routes/ai.ts';
import { ok, q } from '../../helpers/routes/client.ts';
import { disposeSleeves, liveFails, liveSleeve } from '../../helpers/live/live.ts';

const HBFS = 'Harder, Better, Faster, Stronger';
const HBFS_ISRC = 'GBDUW0000059';
/** The Kid LAROI's STAY, recorded as Deezer's track 1425844092. */
const STAY_ISRC = 'USSM12103949';

let replay: Replay;
let model: FakeModel;
const withModel = () => liveSleeve(replay, { ai: { url: model.url, key: 'sk-live-test', model: 'live-model' } });

beforeAll(async () => {
  [replay, model] = await Promise.all([startReplay(), startFakeModel('fake-live-1')]);
});
beforeEach(() => {
  replay.reset();
  model.calls.length = 0;
  replay.fault('deezer', null);
});
afterAll(async () => {
  await disposeSleeves();
  await Promise.all([replay.close(), model.close()]);
});

describe('live mode', () => {
  it("/ai/track-insights: the recorded track, features and artist are the prompt's facts", async () => {
    const body = await ok(s.trackInsightsSchema, `/ai/track-insights?${q({ isrc: HBFS_ISRC })}`, {
      sleeve: withModel(),
    });
    expect(body.track).toMatchObject({ title: HBFS, artist: 'Daft Punk', isrc: HBFS_ISRC });
    expect(body.model).toBe('fake-live-1');
    const system = model.lastSystem();
    expect(body.answer).toBe(replyFor(model.calls[0]!.body.messages));
    groundedIn(system, body.grounding);
    for (const fact of [
      `- title: ${HBFS}`,
      `- ISRC: ${HBFS_ISRC}`,
      '- key: D major',
      '- tempo: 123 BPM',
      '- energy: 0.34 (0 calm to 1 intense)',
      '- name: Daft Punk',
    ]) {
      expect(system).toContain(fact);
    }
    expect(system).toContain("Sleeve's live catalogue");
    expect(model.calls[0]!.body.model).toBe('live-model');
  });

  it('/ai/lyrics-explain finds the track by name and says no lyrics were used', async () => {
    const body = await ok(s.lyricsExplainSchema, `/ai/lyrics-explain?${q({ artist: 'Daft Punk', title: HBFS })}`, {
      sleeve: withModel(),
    });
    expect(body.track.isrc).toBe(HBFS_ISRC);
    expect(body.lyricsUsed).toBe(false);
    groundedIn(model.lastSystem(), body.grounding);
    // Live mode asks LRCLIB (its replay holds no record of this track).
    expect(model.lastSystem()).toContain('- not available to you: LRCLIB has no lyrics for this track');
    expect(replay.calls.some((c) => c.upstream === 'lrclib')).toBe(true);
  });

  it("/ai/artist-summary: the recorded artist, its releases and top tracks are the prompt's facts", async () => {
    const body = await ok(s.artistSummarySchema, `/ai/artist-summary?${q({ id: 27 })}`, { sleeve: withModel() });
    expect(body.artist).toEqual({ id: 27, name: 'Daft Punk' });
    groundedIn(model.lastSystem(), body.grounding);
    // Recorded: the discography's first album, a top track, a related artist.
    for (const fact of [
      '- name: Daft Punk',
      '- first release: "Homework" (album, 1997)',
      '- "Get Lucky (Radio Edit)"',
      '- Justice',
    ]) {
      expect(model.lastSystem()).toContain(fact);
    }
  });

  it('/ai/similar-because: two recorded tracks, compared by Sleeve, both in the prompt', async () => {
    const body = await ok(s.similarBecauseSchema, `/ai/similar-because?${q({ isrc: HBFS_ISRC, other: STAY_ISRC })}`, {
      sleeve: withModel(),
    });
    expect([body.track.isrc, body.other.isrc]).toEqual([HBFS_ISRC, STAY_ISRC]);
    groundedIn(model.lastSystem(), body.grounding);
    for (const fact of [`- title: ${HBFS}`, '- title: STAY']) expect(model.lastSystem()).toContain(fact);
  });

  it('POST /chat grounds the last message in the recorded search', async () => {
    const { status, body } = await postChat(withModel(), { messages: [{ role: 'user', content: 'daft punk' }] });
    expect(status).toBe(200);
    expect(body.reply).toBe(replyFor(model.calls[0]!.body.messages));
    groundedIn(model.lastSystem(), body.grounding);
    expect(model.lastSystem()).toContain('- artist 27: Daft Punk');
  });

  it('/assistant grounds a question in the recorded search', async () => {
    const body = await ok(s.assistantAnswerSchema, `/assistant?${q({ query: 'daft punk' })}`, { sleeve: withModel() });
    groundedIn(model.lastSystem(), body.grounding);
    expect(model.lastSystem()).toContain('- artist 27: Daft Punk');
  });

  it('a failing music upstream is its own D3 error, and the model is never asked', async () => {
    replay.fault('deezer', 'http500');
    await liveFails(withModel(), `/ai/track-insights?${q({ isrc: HBFS_ISRC })}`, 502, 'upstream_error');
    expect(model.calls).toHaveLength(0);
  });

  it('without a model: 503 not_configured, before any upstream call', async () => {
    const answer = await liveFails(
      liveSleeve(replay),
      `/ai/track-insights?${q({ isrc: HBFS_ISRC })}`,
      503,
      'not_configured',
    );
    expect(answer.body.error.message).toContain('SLEEVE_AI_MODEL');
    expect(replay.calls).toHaveLength(0);
  });
});
