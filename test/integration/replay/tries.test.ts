/**
 * The calls `docs/live-mode.md` lists as working against the replay (`replay/tries.ts`): each is
 * made of a live Sleeve over the replay and answers 200 with what the list says it shows, and
 * the page holds the list's table as `triesTable()` writes it, so neither drifts from the fixtures.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REPLAY_TRIES, triesTable } from '../../../replay/tries.ts';
import { liveSleeve, replayForFile } from '../../helpers/live/live.ts';
import { call } from '../../helpers/routes/client.ts';

const replay = replayForFile();

describe('calls that work against the replay', () => {
  it.each(REPLAY_TRIES.map((t) => [t.path, t] as const))('%s answers 200 with what the list says', async (_, t) => {
    // `call` also checks the body against the endpoint's declared schema.
    const { status, body } = await call(t.path, { sleeve: liveSleeve(replay()) });
    expect(status, JSON.stringify(body).slice(0, 300)).toBe(200);
    for (const shown of t.shows) expect(JSON.stringify(body)).toContain(shown);
  });

  it('docs/live-mode.md lists them, as triesTable() writes them', () => {
    const page = readFileSync(new URL('../../../docs/live-mode.md', import.meta.url), 'utf8');
    expect(page.includes(triesTable()), `put this table in docs/live-mode.md:\n${triesTable()}`).toBe(true);
  });

  it('the README’s few tries are calls of the list', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const paragraph = readme.slice(readme.indexOf('The recordings hold'), readme.indexOf('docs/live-mode.md#'));
    const shown = [...paragraph.matchAll(/`(\/[^`]+)`/g)].map((m) => m[1]);
    expect(shown.length).toBeGreaterThanOrEqual(3);
    for (const path of shown) expect(REPLAY_TRIES.map((t) => t.path)).toContain(path);
  });
});
