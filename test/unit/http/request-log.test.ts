/** D20: one line per request (SLEEVE_LOG json, pretty or off), and nothing in it a caller would not want kept. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSleeve, jsonLine, type RequestRecord } from '../../../core/index.ts';
import { rawPath } from '../../../core/observe/request-line.ts';
import { defineEndpoint } from '../../../core/http/endpoint.ts';
import { optionsFromEnv } from '../../../core/wiring/config.ts';
import { echoEndpoint, frameEndpoints, stub, testApp, UA } from '../../helpers/http/app.ts';

/** Request lines as the server adapters have them: on, as JSON, unless a test says otherwise. */
function setup(options: Parameters<typeof testApp>[1] = {}) {
  const echo = echoEndpoint({ rateLimit: 60 });
  return { ...testApp([...frameEndpoints, echo.endpoint], { requestLog: 'json', ...options }), echo };
}

const parsed = (lines: string[]) => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

afterEach(() => vi.restoreAllMocks());

describe('request log (D20)', () => {
  it('json: one line per request, with its id, method, path, endpoint, status, time, cache, client and upstream calls', async () => {
    const app = setup();
    const miss = await app.fetch('/t/echo?query=Daft+Punk');
    const hit = await app.fetch('/v2.5.0/t/echo-alias?query=Daft%20Punk', { ip: '192.0.2.9' });
    await app.fetch('/no/such/path?x=1');
    expect(app.lines).toHaveLength(3);
    for (const line of app.lines) expect(line).not.toContain('\n');
    const [first, second, third] = parsed(app.lines);
    expect(Object.keys(first!)).toEqual([
      'time',
      'id',
      'method',
      'path',
      'route',
      'status',
      'ms',
      'cache',
      'ip',
      'upstream',
    ]);
    expect(first).toMatchObject({
      id: miss.headers.get('x-request-id'),
      method: 'GET',
      path: '/t/echo',
      route: '/t/echo',
      status: 200,
      cache: 'MISS',
      ip: '203.0.113.7',
      upstream: 0,
    });
    expect(second).toMatchObject({
      id: hit.headers.get('x-request-id'),
      path: '/v2.5.0/t/echo-alias',
      route: '/t/echo',
      cache: 'HIT',
      ip: '192.0.2.9',
    });
    // An unknown path has no cache state: the field is left out rather than null.
    expect(third).toMatchObject({ path: '/no/such/path', route: 'unmatched', status: 404 });
    expect(third).not.toHaveProperty('cache');
    for (const line of [first!, second!, third!]) {
      expect(String(line['ms'])).toMatch(/^\d+(\.\d)?$/);
      // When the request arrived: the (test) clock less its duration.
      expect(Date.parse(line['time'] as string)).toBeCloseTo(app.clock.now - (line['ms'] as number), -1);
      expect(line['time']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
  });

  it('never logs the query string, headers such as Authorization or Cookie, or a forwarded address it does not trust', async () => {
    const app = setup();
    const secrets = ['my secret search', 'my+secret+search', 'hunter2', 's3cr3t-token', 'c00kie', '10.9.8.7', 'k3y'];
    await app.fetch('/t/echo?query=my+secret+search&password=hunter2', {
      headers: {
        Authorization: 'Bearer s3cr3t-token',
        Cookie: 'session=c00kie',
        'X-Forwarded-For': '10.9.8.7',
        'X-Api-Key': 'k3y',
      },
    });
    await app.fetch('/no/such?query=my%20secret%20search');
    expect(app.lines).toHaveLength(2);
    for (const secret of secrets) expect(app.lines.join('\n')).not.toContain(secret);
  });

  it('logs the client the rate limit counts: the forwarded one only with trustProxy', async () => {
    const app = setup({ trustProxy: true });
    await app.fetch('/editorial/genres', { headers: { 'X-Forwarded-For': '10.0.0.1, 198.51.100.23' } });
    expect(parsed(app.lines)[0]).toMatchObject({ ip: '198.51.100.23' });
  });

  it('pretty: a short line for a terminal', async () => {
    const app = setup({ requestLog: 'pretty' });
    await app.fetch('/t/echo?query=a');
    await app.fetch('/t/echo?query=a');
    await app.fetch('/editorial/genres', { method: 'POST' });
    expect(app.lines).toHaveLength(3);
    expect(app.lines[0]).toMatch(/^GET \/t\/echo 200 \d+\.\dms MISS$/);
    expect(app.lines[1]).toMatch(/^GET \/t\/echo 200 \d+\.\dms HIT$/);
    // A failure ends with its error's code (D65).
    expect(app.lines[2]).toMatch(/^POST \/editorial\/genres 405 \d+\.\dms method_not_allowed$/);
  });

  it('off: no line at all, and the id is still answered', async () => {
    const app = setup({ requestLog: 'off' });
    const res = await app.fetch('/t/echo?query=a');
    await app.fetch('/no/such/path');
    expect(app.lines).toEqual([]);
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('a bug: its stack logged once, on its own error line; the request line says 500', async () => {
    const app = setup();
    app.echo.state.behaviour = 'bug';
    const res = await app.fetch('/t/echo?query=a');
    expect(res.status).toBe(500);
    expect(app.logs).toHaveLength(1);
    expect(app.logs[0]!.fields?.['error']).toMatch(/secret internals[\s\S]*\n\s+at /);
    expect(app.lines).toHaveLength(1);
    expect(parsed(app.lines)[0]).toMatchObject({ status: 500, id: app.logs[0]!.fields?.['requestId'] });
    expect(app.lines[0]).not.toMatch(/secret internals|\bat /);
  });

  it('/batch: one line for the batch, none for its sub-requests', async () => {
    const app = setup();
    const res = await app.fetch('/batch', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        requests: [{ path: '/t/echo?query=a' }, { path: '/editorial/genres' }, { path: '/no/such' }],
      }),
    });
    expect(res.status).toBe(200);
    expect(parsed(app.lines)).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/batch',
        route: '/batch',
        status: 200,
        id: res.headers.get('x-request-id'),
      }),
    ]);
  });

  it('the path is logged as written, percent-encoded, cut at 512 characters', () => {
    expect(rawPath('http://h.test/a%0Ab/c?q=1#f')).toBe('/a%0Ab/c');
    expect(rawPath('http://h.test')).toBe('/');
    expect(rawPath('http://h.test/?q')).toBe('/');
    expect(rawPath(`http://h.test/${'x'.repeat(600)}`)).toBe(`/${'x'.repeat(511)}…`);
  });

  it('embedded (createSleeve alone), no request line by default and nothing on stdout; asked for, lines go bare to stdout, one JSON object a line (D45)', async () => {
    const printed = vi.spyOn(console, 'log').mockImplementation(() => {});
    const notices = vi.spyOn(console, 'error').mockImplementation(() => {});
    const embedded = createSleeve({ rateLimits: 'off' });
    expect(embedded.deps.options.requestLog).toBe('off');
    await embedded.fetch(new Request('http://sleeve.test/healthz'));
    expect(printed).not.toHaveBeenCalled();
    // Sleeve's own notices go to stderr, the host's stdout left alone.
    embedded.deps.log.info('a notice');
    expect(printed).not.toHaveBeenCalled();
    expect(notices).toHaveBeenCalledWith('[sleeve] a notice');

    const plain = createSleeve({ rateLimits: 'off', requestLog: 'json' });
    await plain.fetch(new Request('http://sleeve.test/editorial/genres', { headers: { 'User-Agent': UA } }));
    const line = printed.mock.calls.map((args) => String(args[0])).find((text) => text.includes('/editorial/genres'));
    expect(JSON.parse(line!)).toMatchObject({
      method: 'GET',
      path: '/editorial/genres',
      route: '/editorial/genres',
      status: 200,
    });
  });

  it('a logger without `request` gets the request lines on info', async () => {
    const info: string[] = [];
    const custom = createSleeve({
      rateLimits: 'off',
      requestLog: 'pretty',
      log: { info: (m) => void info.push(m), error: () => {} },
    });
    await custom.fetch(new Request('http://sleeve.test/editorial/genres', { headers: { 'User-Agent': UA } }));
    expect(info).toEqual([expect.stringMatching(/^GET \/editorial\/genres 200 \d+\.\dms MISS$/)]);
  });

  it('a logger that takes records gets them under json, as what the line says, cache hits too; under pretty it gets lines', async () => {
    const records: RequestRecord[] = [];
    const lines: string[] = [];
    const log = {
      info: () => {},
      error: () => {},
      request: (line: string) => void lines.push(line),
      requestRecord: (r: RequestRecord) => void records.push(r),
    };
    const json = createSleeve({ rateLimits: 'off', requestLog: 'json', log });
    const asked = 'http://sleeve.test/editorial/genres?x=1';
    const answers = [
      await json.fetch(new Request(asked, { headers: { 'User-Agent': UA } })),
      await json.fetch(new Request(asked, { headers: { 'User-Agent': UA } })),
    ];
    expect(lines).toEqual([]);
    expect(records.map((r) => JSON.parse(jsonLine(r)))).toEqual(
      answers.map((res, i) =>
        expect.objectContaining({
          id: res.headers.get('x-request-id'),
          method: 'GET',
          path: '/editorial/genres',
          route: '/editorial/genres',
          status: 200,
          cache: ['MISS', 'HIT'][i],
        }),
      ),
    );

    const pretty = createSleeve({ rateLimits: 'off', requestLog: 'pretty', log });
    await pretty.fetch(new Request(asked, { headers: { 'User-Agent': UA } }));
    expect(records).toHaveLength(2);
    expect(lines).toEqual([expect.stringMatching(/^GET \/editorial\/genres 200 \d+\.\dms MISS$/)]);
  });
});

describe("a failed request's line (D65)", () => {
  it('json: says its error code; a 5xx its message too, a 4xx none (it may quote what the caller sent)', async () => {
    const app = setup();
    await app.fetch('/t/echo?query=ok');
    app.echo.state.behaviour = 'upstream';
    await app.fetch('/t/echo?query=a');
    app.echo.state.behaviour = 'timeout';
    await app.fetch('/t/echo?query=b');
    app.echo.state.behaviour = 'bug';
    const bug = await app.json('/t/echo?query=c');
    app.echo.state.behaviour = 'notfound';
    await app.fetch('/t/echo?query=Secret+Song');
    await app.fetch('/t/echo');
    await app.fetch('/t/echo?query=a&query=b');
    await app.fetch('/editorial/genres', { method: 'POST' });
    await app.fetch('/no/such/path');
    await app.fetch('/editorial/genres', { ua: null });
    await app.fetch('/t/echo?query=d');
    const [ok, ...lines] = parsed(app.lines);
    expect(ok).toMatchObject({ status: 200 });
    expect(ok).not.toHaveProperty('error');
    expect(lines.map((l) => [l['status'], l['error']])).toEqual([
      [502, { code: 'upstream_error', message: '[sleeve] [deezer] answered 500' }],
      [504, { code: 'upstream_timeout', message: '[sleeve] [deezer] did not answer in 5 s' }],
      [500, { code: 'internal_error', message: bug.body.error.message }],
      [404, { code: 'not_found' }],
      [400, { code: 'bad_request' }],
      [400, { code: 'bad_request' }],
      [405, { code: 'method_not_allowed' }],
      [404, { code: 'not_found' }],
      [401, { code: 'unauthorized' }],
      [404, { code: 'not_found' }],
    ]);
    // The error comes last, after what every line holds.
    expect(Object.keys(lines[0]!).at(-1)).toBe('error');
    expect(app.lines.join('\n')).not.toMatch(/Secret|No track/);
  });

  it('json: a held 404 and a refusal on the hit path say their codes, as the full frame does', async () => {
    const echo = echoEndpoint({ rateLimit: 2 });
    const app = testApp([echo.endpoint], { requestLog: 'json' });
    echo.state.behaviour = 'notfound';
    await app.fetch('/t/echo?query=a');
    const held = await app.fetch('/t/echo?query=a');
    const refused = await app.fetch('/t/echo?query=a');
    expect([held.status, held.headers.get('x-cache'), refused.status]).toEqual([404, 'HIT', 429]);
    expect(parsed(app.lines).map((l) => [l['status'], l['cache'], l['error']])).toEqual([
      [404, 'MISS', { code: 'not_found' }],
      [404, 'HIT', { code: 'not_found' }],
      [429, undefined, { code: 'rate_limited' }],
    ]);
  });

  it('pretty: the code, and a 5xx its message, after the rest', async () => {
    const app = setup({ requestLog: 'pretty' });
    app.echo.state.behaviour = 'upstream';
    await app.fetch('/t/echo?query=a');
    await app.fetch('/t/echo');
    expect(app.lines).toEqual([
      expect.stringMatching(/^GET \/t\/echo 502 \d+\.\dms( MISS)? upstream_error: \[sleeve\] \[deezer\] answered 500$/),
      expect.stringMatching(/^GET \/t\/echo 400 \d+\.\dms bad_request$/),
    ]);
  });
});

describe('monitoring requests (D65)', () => {
  /** A cached endpoint declared `monitoring`, so the hit path answers it too. */
  const polled = defineEndpoint({
    path: '/t/polled',
    ...stub,
    public: true,
    monitoring: true,
    cache: 60,
    handle: () => ({ ok: true }),
  });
  const endpoints = [...frameEndpoints, polled];

  it('are not logged by default, by the full frame or the hit path; SLEEVE_LOG_MONITORING=1 logs them, hits too', async () => {
    const quiet = testApp(endpoints, { requestLog: 'json' });
    await quiet.fetch('/healthz');
    await quiet.fetch('/t/polled');
    const hit = await quiet.fetch('/t/polled');
    await quiet.fetch('/editorial/genres');
    expect(hit.headers.get('x-cache')).toBe('HIT');
    expect(parsed(quiet.lines).map((l) => l['route'])).toEqual(['/editorial/genres']);

    const { options } = optionsFromEnv({ SLEEVE_LOG: 'json', SLEEVE_LOG_MONITORING: '1' });
    expect(options.logMonitoring).toBe(true);
    const told = testApp(endpoints, { requestLog: options.requestLog, logMonitoring: options.logMonitoring });
    await told.fetch('/healthz');
    await told.fetch('/t/polled');
    await told.fetch('/t/polled');
    expect(parsed(told.lines).map((l) => [l['route'], l['cache']])).toEqual([
      ['/healthz', undefined],
      ['/t/polled', 'MISS'],
      ['/t/polled', 'HIT'],
    ]);
  });
});
