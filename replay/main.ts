/**
 * @module
 * `npm run replay`: the replay server on a laptop, so Sleeve's live mode can be tried with no
 * internet and no Deezer quota. PORT picks the port (default 8788, 0 for any free one);
 * REPLAY_QUOTA=1 enforces Deezer's 50 calls per 5 s, to see how Sleeve copes.
 */
import { DEEZER_QUOTA } from './deezer.ts';
import { startReplay } from './server.ts';

const port = Number(process.env['PORT'] ?? 8788);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number (0 for any free port), not ${process.env['PORT'] ?? ''}`);
  process.exit(1);
}
const quota = process.env['REPLAY_QUOTA'] === '1' ? DEEZER_QUOTA : false;
const replay = await startReplay({ port, quota });
const mode = quota ? `, quota ${quota.limit} calls per ${quota.windowMs / 1000} s` : '';
console.log(`Deezer replay on ${replay.deezerUrl}${mode}. Run Sleeve against it: SLEEVE_MODE=live SLEEVE_DEEZER_URL=${replay.deezerUrl} npm start`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void replay.close().then(() => process.exit(0));
  });
}
