/**
 * @module
 * The environment as the runnable entries (`npm start`, `start:bun`, `start:deno`) read it:
 * Sleeve's own variables (`optionsFromEnv`), and the server limits that only the server
 * adapters apply, checked the same way and refused with the same one line.
 */
import * as v from 'valibot';
import { optionsFromEnv, readVariables, type EnvConfig, type VariableTable } from '../../core/wiring/config.ts';
import type { ServeOptions } from './serve-options.ts';

const integer = (min: number, max: number) =>
  v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number), v.integer(), v.minValue(min), v.maxValue(max));

/** Each variable: its schema and the words that say what it accepts. */
const SERVER_VARIABLES = {
  /**
   * The address the server listens on (`--host`): default every interface. Behind a proxy on
   * the same machine, 127.0.0.1, so no client reaches the port but through the proxy (D54).
   */
  HOST: [
    v.pipe(v.string(), v.regex(/^([0-9a-f]*:[0-9a-f:.]*|[a-z0-9]([a-z0-9.-]{0,251}[a-z0-9])?)$/i)),
    'an address or host name to listen on, such as 127.0.0.1, :: or localhost (default: every interface)',
  ],
  /** Open connections per process before new ones are refused with a 503 (server adapters). */
  SLEEVE_MAX_CONNECTIONS: [integer(1, 1_000_000), 'a whole number of connections from 1 to 1000000'],
  /** D57: open connections one client may hold before its new ones are refused with a 429 (Node; not behind a trusted proxy). */
  SLEEVE_MAX_CONNECTIONS_PER_IP: [integer(1, 1_000_000), 'a whole number of connections from 1 to 1000000'],
  /** How long a connection with no request in progress stays open (server adapters). */
  SLEEVE_IDLE_TIMEOUT_MS: [integer(100, 255_000), 'a number of milliseconds from 100 to 255000'],
  /** How long a client has to send a request's headers (Node). */
  SLEEVE_HEADERS_TIMEOUT_MS: [integer(100, 300_000), 'a number of milliseconds from 100 to 300000'],
  /** D34: how long a graceful shutdown may take before what is left is cut (server adapters). */
  SLEEVE_SHUTDOWN_TIMEOUT_MS: [integer(0, 600_000), 'a number of milliseconds from 0 to 600000'],
  /** D39: how long, after SIGTERM, requests are still served while /healthz says draining, before the drain (server adapters). */
  SLEEVE_SHUTDOWN_DELAY_MS: [integer(0, 600_000), 'a number of milliseconds from 0 to 600000'],
} as const;

/** The server adapters' own variables, each with what it accepts (the command's `--help`). */
export const SERVER_VARIABLES_TABLE: VariableTable = SERVER_VARIABLES;

/** What a server is started with: `EnvConfig` whose options are the server adapters' own. */
export interface ServeEnvConfig extends EnvConfig {
  options: ServeOptions;
}

/** `optionsFromEnv`, plus the server limits; the first bad value throws its ConfigError. */
export function serveOptionsFromEnv(env: Record<string, string | undefined>): ServeEnvConfig {
  const config = optionsFromEnv(env);
  const p = readVariables(SERVER_VARIABLES, env);
  return {
    ...config,
    options: {
      ...config.options,
      hostname: p.HOST,
      maxConnections: p.SLEEVE_MAX_CONNECTIONS,
      maxConnectionsPerIp: p.SLEEVE_MAX_CONNECTIONS_PER_IP,
      idleTimeoutMs: p.SLEEVE_IDLE_TIMEOUT_MS,
      headersTimeoutMs: p.SLEEVE_HEADERS_TIMEOUT_MS,
      shutdownTimeoutMs: p.SLEEVE_SHUTDOWN_TIMEOUT_MS,
      shutdownDelayMs: p.SLEEVE_SHUTDOWN_DELAY_MS,
    },
  };
}
