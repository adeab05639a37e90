/**
 * Issue #61, D62, on real sockets: Debian's nginx with `proxy_cache` and its default key
 * (`$scheme$proxy_host$request_uri`: the upstream's name, not the client's `Host`) in front of
 * a Sleeve with no base URL. Its answers say what they vary with (`Vary`), so nginx keeps a copy
 * for each: no client is handed another's links (built from its `Host`) or chart (from its
 * edge's country header). The repeats are nginx's own hits, so the cache is shown to be at work.
 */
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type Served } from '../../../adapters/node/index.ts';
import { nginxMissing, startNginx, type Nginx } from '../../reliability/_nginx.ts';

const UA = 'SharedCache/1.0 (test@example.com)';
const quiet = { info() {}, error() {} };

/** A caching nginx as many put one in front: the client's `Host` passed on, the key left as it is. */
const cachingConfig = (port: number, upstreams: readonly number[]) => `
proxy_cache_path cache keys_zone=sleeve:1m;
upstream sleeve { server 127.0.0.1:${upstreams[0]}; }
server {
    listen 127.0.0.1:${port};
    location / {
        proxy_pass http://sleeve;
        proxy_set_header Host $host;
        proxy_cache sleeve;
        add_header X-Proxy-Cache $upstream_cache_status always;
    }
}
`;

interface Got {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: { country: string; tracks: { cover: string }[] };
}

/** A GET through nginx with these headers, `Host` among them (fetch would not send one of its own). */
function get(url: string, headers: Record<string, string>): Promise<Got> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'user-agent': UA, ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: JSON.parse(text) as Got['body'] }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const hosts = (got: Got) => new Set(got.body.tracks.map((track) => new URL(track.cover).host));

describe.skipIf(nginxMissing !== undefined)('behind nginx with proxy_cache and its default key', () => {
  let served: Served | undefined;
  let nginx: Nginx | undefined;
  beforeAll(async () => {
    served = await serve({
      mode: 'demo',
      storage: 'memory',
      port: 0,
      log: quiet,
      requestLog: 'off',
      gracefulShutdown: false,
    });
    nginx = await startNginx([(served.server.address() as AddressInfo).port], cachingConfig);
  }, 30_000);
  afterAll(async () => {
    await nginx?.stop();
    served?.server.closeAllConnections();
    await new Promise<void>((resolve) => (served ? served.server.close(() => resolve()) : resolve()));
  });

  it("two clients asking the same URL with their own Host each get their own links, then nginx's copy of them", async () => {
    const url = `${nginx!.url}/track/hot?limit=3`;
    const one = await get(url, { host: 'one.example' });
    const two = await get(url, { host: 'two.example' });
    const again = await get(url, { host: 'one.example' });
    expect([one.status, two.status, again.status]).toEqual([200, 200, 200]);
    expect(hosts(one)).toEqual(new Set(['one.example']));
    expect(hosts(two)).toEqual(new Set(['two.example']));
    expect(hosts(again)).toEqual(new Set(['one.example']));
    expect([one.headers['x-proxy-cache'], two.headers['x-proxy-cache'], again.headers['x-proxy-cache']]).toEqual([
      'MISS',
      'MISS',
      'HIT',
    ]);
  });

  it('/track/hot asked from FR, then DE, then FR again: each its own chart, the last from nginx', async () => {
    const url = `${nginx!.url}/track/hot?limit=2`;
    const fr = await get(url, { host: 'charts.example', 'cf-ipcountry': 'FR' });
    const de = await get(url, { host: 'charts.example', 'cf-ipcountry': 'DE' });
    const again = await get(url, { host: 'charts.example', 'cf-ipcountry': 'FR' });
    expect([fr.body.country, de.body.country, again.body.country]).toEqual(['FR', 'DE', 'FR']);
    expect(de.body.tracks).not.toEqual(fr.body.tracks);
    expect(again.body.tracks).toEqual(fr.body.tracks);
    expect(fr.headers.vary).toBe('cf-ipcountry, x-vercel-ip-country, Host');
    expect([fr.headers['x-proxy-cache'], de.headers['x-proxy-cache'], again.headers['x-proxy-cache']]).toEqual([
      'MISS',
      'MISS',
      'HIT',
    ]);
  });
});
