/**
 * D61: an upstream configured with credentials in its base URL
 * (`http://llm-user:s3cret-pass@127.0.0.1:…/v1`) that fails is a 502 naming the upstream and
 * the setting to check, never the password or the address, and no log line holds the password:
 * whether the upstream answered a 5xx or could not be reached (Deno's fetch quotes the URL
 * in its error).
 */
import { describe, expect, it } from 'vitest';
import { createSleeve } from '../../../core/index.ts';
import type { FetchLike } from '../../../core/drivers/kit/index.ts';
import { postChat } from '../../helpers/routes/ai.ts';

const BASE = 'http://llm-user:s3cret-pass@127.0.0.1:8799/v1';

function sleeveOn(fetch: FetchLike) {
  const lines: string[] = [];
  const keep = (message: string, fields?: Record<string, unknown>) =>
    lines.push(`${message} ${JSON.stringify(fields)}`);
  const sleeve = createSleeve({
    rateLimits: 'off',
    ai: { url: BASE, key: 'sk-test-0123456789', model: 'm', timeoutMs: 2000 },
    fetch,
    requestLog: 'json',
    log: { info: keep, error: keep, request: (line) => lines.push(line) },
  });
  return { sleeve, lines };
}

describe('an upstream whose base URL carries credentials fails', () => {
  it.each([
    // Failures no try repeats, so the test waits for none: a redirect off the upstream's base,
    // and Deno's words for a name it could not resolve, which quote the URL asked.
    [
      'redirects elsewhere',
      (async () => new Response(null, { status: 302, headers: { location: 'http://10.0.0.9/v1' } })) as FetchLike,
    ],
    [
      'is unreachable (the runtime quoting the URL)',
      (async (input: Request | string | URL) => {
        const url = input instanceof Request ? input.url : String(input);
        throw new TypeError(
          `error sending request for url (${url}): client error (Connect): dns error: failed to lookup address information`,
        );
      }) as FetchLike,
    ],
  ])('%s: the 502 names the setting, never the password or the address', async (_, fetch) => {
    const { sleeve, lines } = sleeveOn(fetch);
    const { status, body } = await postChat(sleeve, { messages: [{ role: 'user', content: 'hi' }] });
    expect(status).toBe(502);
    expect(body.error.code).toBe('upstream_error');
    expect(body.error.message).toContain('SLEEVE_AI_URL');
    const said = JSON.stringify(body);
    for (const secret of ['s3cret-pass', 'llm-user', '127.0.0.1', '8799', '10.0.0.9', 'http://'])
      expect(said).not.toContain(secret);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).not.toContain('s3cret-pass');
  });
});
