/**
 * The connection limits' variables (SLEEVE_MAX_CONNECTIONS, SLEEVE_IDLE_TIMEOUT_MS,
 * SLEEVE_HEADERS_TIMEOUT_MS): defaults, validation with one line naming the variable, and how
 * each adapter turns them into its runtime's settings.
 */
import { describe, expect, it } from 'vitest';
import { idleSeconds } from '../../../adapters/bun/limits.ts';
import { BODY_TIMEOUT_MS, serverOptions } from '../../../adapters/node/limits.ts';
import { serveOptionsFromEnv } from '../../../adapters/shared/serve-env.ts';
import { DEFAULT_SERVER_LIMITS, serverLimits } from '../../../adapters/shared/server-limits.ts';
import { ConfigError } from '../../../core/wiring/config.ts';
import { runToExit } from '../../helpers/child-server.ts';
import { scriptCommand } from '../../helpers/scripts.ts';

describe('the limits from the environment', () => {
  it('default to 1024 connections (256 from one client), 10 s idle, 10 s for headers, 10 s to shut down and no shutdown delay', () => {
    const defaults = {
      maxConnections: 1024,
      maxConnectionsPerIp: 256,
      idleTimeoutMs: 10_000,
      headersTimeoutMs: 10_000,
      shutdownTimeoutMs: 10_000,
      shutdownDelayMs: 0,
    };
    expect(serverLimits(serveOptionsFromEnv({}).options)).toEqual(defaults);
    expect(DEFAULT_SERVER_LIMITS).toEqual(defaults);
  });

  it('are read as numbers', () => {
    const { options } = serveOptionsFromEnv({
      SLEEVE_MAX_CONNECTIONS: '200',
      SLEEVE_IDLE_TIMEOUT_MS: '65000',
      SLEEVE_HEADERS_TIMEOUT_MS: '5000',
      SLEEVE_SHUTDOWN_TIMEOUT_MS: '0',
      SLEEVE_SHUTDOWN_DELAY_MS: '5000',
    });
    expect(serverLimits(options)).toEqual({
      maxConnections: 200,
      maxConnectionsPerIp: 50,
      idleTimeoutMs: 65_000,
      headersTimeoutMs: 5_000,
      shutdownTimeoutMs: 0,
      shutdownDelayMs: 5_000,
    });
  });

  it("D57: one client's share is a quarter of the cap unless set, at least 1", () => {
    expect(serverLimits(serveOptionsFromEnv({ SLEEVE_MAX_CONNECTIONS_PER_IP: '7' }).options).maxConnectionsPerIp).toBe(
      7,
    );
    expect(serverLimits({ maxConnections: 40 }).maxConnectionsPerIp).toBe(10);
    expect(serverLimits({ maxConnections: 3 }).maxConnectionsPerIp).toBe(1);
  });

  it.each([
    ['SLEEVE_MAX_CONNECTIONS', 'lots'],
    ['SLEEVE_MAX_CONNECTIONS', '0'],
    ['SLEEVE_MAX_CONNECTIONS', '-5'],
    ['SLEEVE_MAX_CONNECTIONS_PER_IP', '0'],
    ['SLEEVE_MAX_CONNECTIONS_PER_IP', '2.5'],
    ['SLEEVE_IDLE_TIMEOUT_MS', '10s'],
    ['SLEEVE_IDLE_TIMEOUT_MS', '0'],
    ['SLEEVE_IDLE_TIMEOUT_MS', '300000'],
    ['SLEEVE_HEADERS_TIMEOUT_MS', '1.5'],
    ['SLEEVE_HEADERS_TIMEOUT_MS', '99'],
    ['SLEEVE_SHUTDOWN_TIMEOUT_MS', '10s'],
    ['SLEEVE_SHUTDOWN_TIMEOUT_MS', '600001'],
    ['SLEEVE_SHUTDOWN_DELAY_MS', '5s'],
    ['SLEEVE_SHUTDOWN_DELAY_MS', '-1'],
    ['SLEEVE_SHUTDOWN_DELAY_MS', '600001'],
  ])('%s=%j is refused with one line naming it', (variable, value) => {
    let error: unknown;
    try {
      serveOptionsFromEnv({ [variable]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toMatch(
      new RegExp(`^${variable} must be .+ \\(got "${value.replace('.', '\\.')}"\\)$`),
    );
    expect((error as ConfigError).message).not.toContain('\n');
  });

  it('a bad value stops `npm start` with that line and exit code 1', async () => {
    const { code, stderr } = await runToExit(...scriptCommand('start'), { SLEEVE_MAX_CONNECTIONS: 'lots' });
    expect(code).toBe(1);
    expect(
      stderr
        .trim()
        .split('\n')
        .filter((line) => !line.startsWith('npm warn')),
    ).toEqual(['sleeve: SLEEVE_MAX_CONNECTIONS must be a whole number of connections from 1 to 1000000 (got "lots")']);
  });
});

describe('what each adapter makes of them', () => {
  it('Node: headers timeout, a 30 s body timeout, keep-alive timeout, and a check often enough', () => {
    expect(
      serverOptions({
        maxConnections: 10,
        maxConnectionsPerIp: 2,
        shutdownTimeoutMs: 10_000,
        shutdownDelayMs: 0,
        idleTimeoutMs: 10_000,
        headersTimeoutMs: 10_000,
      }),
    ).toEqual({
      headersTimeout: 10_000,
      requestTimeout: BODY_TIMEOUT_MS,
      keepAliveTimeout: 10_000,
      connectionsCheckingInterval: 1_000,
      requireHostHeader: false,
    });
    expect(
      serverOptions({
        maxConnections: 10,
        maxConnectionsPerIp: 2,
        shutdownTimeoutMs: 10_000,
        shutdownDelayMs: 0,
        idleTimeoutMs: 300,
        headersTimeoutMs: 60_000,
      }),
    ).toMatchObject({ requestTimeout: 60_000, keepAliveTimeout: 300 });
    expect(
      serverOptions({
        maxConnections: 10,
        maxConnectionsPerIp: 2,
        shutdownTimeoutMs: 10_000,
        shutdownDelayMs: 0,
        idleTimeoutMs: 300,
        headersTimeoutMs: 200,
      }).connectionsCheckingInterval,
    ).toBe(100);
  });

  it('Bun: whole seconds from 1 to 255', () => {
    expect([
      idleSeconds(100),
      idleSeconds(1_000),
      idleSeconds(1_001),
      idleSeconds(10_000),
      idleSeconds(255_000),
    ]).toEqual([1, 1, 2, 10, 255]);
  });
});
