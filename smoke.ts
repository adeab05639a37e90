import { createSleeve } from './core/index.ts';
import { startReplay } from './replay/server.ts';
const replay = await startReplay();
const s = createSleeve({ mode: 'live', ...replay.options, rateLimits: 'off', log: { info() {}, error() {} } });
const UA = { 'user-agent': 't (t@example.com)' };
for (const p of [
  '/artist/albums?id=27&limit=3',
  '/artist/albums?artist=daft%20punk&limit=5&index=30',
  '/track/credits?id=1425844092',
  '/track/credits?isrc=USUM72409273',
  '/track/credits?id=1',
  '/recommendations?seed_isrc=GBDUW0000059&energy=0.8&limit=5',
  '/recommendations?seed_artist=27&limit=5',
  '/recommendations?seed_genre=electro&limit=5&tempo=120',
  '/genre/chart?id=106&limit=3',
  '/genre/chart?id=0&limit=2',
  '/genre/chart?id=12',
  '/editorial/selection?id=106&limit=3',
  '/editorial/selection',
  '/editorial/charts?id=106&limit=2',
  '/editorial/charts',
  '/editorial/charts?id=12345',
  '/track/preview?id=3135556',
  '/media/previews/3135556.wav',
]) {
  const t = Date.now();
  const r = await s.fetch(new Request('http://x' + p, { headers: UA }));
  const ct = r.headers.get('content-type') ?? '';
  const body = ct.includes('json')
    ? JSON.stringify(await r.json()).slice(0, 500)
    : `${ct} ${(await r.arrayBuffer()).byteLength} bytes loc=${r.headers.get('location')} cc=${r.headers.get('cache-control')}`;
  console.log(r.status, p, Date.now() - t, 'ms', body);
}
await replay.close();
