/**
 * @module
 * A client of live mode that honours `Retry-After` once. Under a busy budget Sleeve answers 503
 * at once and finishes the answer in the background (D44): asked again after `Retry-After`, the
 * answer is in the cache. `npx tsx examples/live/retry.ts http://127.0.0.1:8787/artist/info?id=27`
 */

/** `fetch`, and once more after `Retry-After` seconds when the answer is a 503 that names them. */
export async function fetchHonouringRetryAfter(url: string, init?: RequestInit): Promise<Response> {
  const first = await fetch(url, init);
  const seconds = Number(first.headers.get('retry-after'));
  if (first.status !== 503 || !Number.isFinite(seconds) || seconds <= 0) return first;
  await first.body?.cancel();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  return fetch(url, init);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const res = await fetchHonouringRetryAfter(process.argv[2] ?? 'http://127.0.0.1:8787/artist/info?id=27', {
    headers: { 'user-agent': 'retry-example/1.0 (you@example.com)' },
  });
  console.log(res.status, res.headers.get('x-cache'), (await res.text()).slice(0, 200));
}
