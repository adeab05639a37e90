/**
 * @module
 * `npm run replay`: the replay server on a laptop, so Sleeve's live mode (Deezer, ReccoBeats,
 * AzuraCast) can be tried with no internet and no quota. PORT picks the port (default 8788, 0 for any free one);
 * REPLAY_QUOTA=1 enforces Deezer's 50 calls per 5 s, to see how Sleeve copes.
 */
import { listenFailure } from '../adapters/shared/listen-failure.ts';
import { DEEZER_QUOTA } from './deezer/index.ts';
import { startReplay } from './server.ts';

const port = Number(process.env['PORT'] ?? 8788);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number (0 for any free port), not ${process.env['PORT'] ?? ''}`);
  process.exit(1);
}
const quota = process.env['REPLAY_QUOTA'] === '1' ? DEEZER_QUOTA : false;
// A port in use or not allowed is one line naming the fix, as Sleeve's own start-up says it.
const replay = await startReplay({ port, quota }).catch((error: unknown) => {
  console.error(`replay: ${listenFailure(error, port) ?? (error instanceof Error ? error.message : String(error))}`);
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
