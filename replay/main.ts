/**
 * @module
 * `npm run replay`: the replay server on a laptop, so Sleeve's live mode (Deezer, ReccoBeats,
 * AzuraCast) can be tried with no internet and no quota. REPLAY_PORT picks the port (default 8788, 0 for any free
 * one): not PORT, which Sleeve reads, so a PORT exported for the one does not send both to the same port.
 * REPLAY_QUOTA=1 enforces Deezer's 50 calls per 5 s, to see how Sleeve copes.
 */
import { listenFailure } from '../adapters/shared/listen-failure.ts';
import { DEEZER_QUOTA } from './deezer/index.ts';
import { startReplay } from './server.ts';

// Unset or empty: the default.
const given = process.env['REPLAY_PORT'] || undefined;
const port = given === undefined ? 8788 : Number(given);
if (!/^\d{1,5}$/.test(given ?? '8788') || port > 65535) {
  console.error(`replay: REPLAY_PORT must be a port number (0 for any free port), not ${given}`);
  process.exit(1);
}
const quota = process.env['REPLAY_QUOTA'] === '1' ? DEEZER_QUOTA : false;
// A port in use or not allowed is one line naming the fix, as Sleeve's own start-up says it.
const replay = await startReplay({ port, quota }).catch((error: unknown) => {
  // The shared words name PORT, Sleeve's variable; the replay's own is REPLAY_PORT.
  const said = listenFailure(error, port)?.replace(/\bPORT\b/g, 'REPLAY_PORT');
  console.error(`replay: ${said ?? (error instanceof Error ? error.message : String(error))}`);
  process.exit(1);
});
const mode = quota ? `, quota ${quota.limit} calls per ${quota.windowMs / 1000} s` : '';
// One variable points every upstream at its path here (core/wiring/config.ts UPSTREAM_PATHS).
console.log(
  `Replay of Deezer, ReccoBeats, AzuraCast, the link platforms, LRCLIB, Wikidata and Wikipedia on ${replay.url}${mode}. Run Sleeve against it: SLEEVE_MODE=live SLEEVE_UPSTREAMS=${replay.url} npm start`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void replay.close().then(() => process.exit(0));
  });
}
