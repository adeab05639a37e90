/**
 * @module
 * `sleeve --probe <path>`: one GET to this host's own server, for an image with no shell and no
 * curl (compose's `healthcheck`, D55). One line says what it saw; the exit code is the verdict.
 */

/** Longer than `/readyz` gives the storage (2 s), shorter than a compose health check's usual 30 s. */
const PROBE_TIMEOUT_MS = 5000;

/** 0 when `url` answered a 2xx, 1 otherwise (another status, refused, timed out). */
export async function probe(url: string): Promise<0 | 1> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    await res.body?.cancel();
    console.log(`sleeve: ${url} answered ${res.status}`);
    return res.ok ? 0 : 1;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    console.error(`sleeve: ${url} did not answer (${cause ?? (error instanceof Error ? error.name : 'failed')})`);
    return 1;
  }
}
