/**
 * Start-up's warnings (issue #64, D67): a `SLEEVE_*` variable Sleeve does not read is one line
 * naming the known one nearest to it; a variable set without the one it needs says so; and every
 * switch takes the usual spellings. The lines as `npm start` prints them: test/integration/adapters/cli/cli-checkout.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { SERVER_VARIABLES_TABLE } from '../../../adapters/shared/serve-env.ts';
import { ENV_VARIABLES, optionsFromEnv } from '../../../core/wiring/config.ts';
import { settingWarnings } from '../../../core/wiring/setting-warnings.ts';

const servers = { tables: [SERVER_VARIABLES_TABLE] };

describe('a variable Sleeve does not read', () => {
  it.each([
    ['SLEEVE_MDOE', 'SLEEVE_MODE'],
    ['SLEEVE_METRIC', 'SLEEVE_METRICS'],
    ['SLEEVE_STAUTS_TOKEN', 'SLEEVE_STATUS_TOKEN'],
    ['SLEEVE_STORAGE_URL', 'SLEEVE_STORAGE'],
    ['SLEEVE_SHUTDOWN_TIMEOUT', 'SLEEVE_SHUTDOWN_TIMEOUT_MS'],
  ])('%s is one line naming %s', (name, near) => {
    expect(settingWarnings({ [name]: 'x' }, servers)).toEqual([
      `${name} is not a variable Sleeve reads, so it does nothing: did you mean ${near}?`,
    ]);
  });

  it('far from every known one, it is still said, without a guess', () => {
    expect(settingWarnings({ SLEEVE_WHATEVER_ELSE: '1' })).toEqual([
      'SLEEVE_WHATEVER_ELSE is not a variable Sleeve reads, so it does nothing (sleeve --help lists them)',
    ]);
  });

  it('every variable of the tables is known, so a variable added to a table is known with nothing else to change', () => {
    const every = Object.fromEntries(
      [...Object.keys(ENV_VARIABLES), ...Object.keys(SERVER_VARIABLES_TABLE)].map((name) => [name, 'x']),
    );
    expect(settingWarnings({ ...every, SLEEVE_STATUS: '1', SLEEVE_STORAGE: 'fs:/x' }, servers)).toEqual([]);
    // Another entry's own names come in the same way: a Worker's bindings.
    expect(
      settingWarnings({ SLEEVE_KV: {}, SLEEVE_COUNTERS: {} }, { alsoKnown: ['SLEEVE_KV', 'SLEEVE_COUNTERS'] }),
    ).toEqual([]);
  });

  it('a name outside SLEEVE_ is none of its business', () => {
    expect(settingWarnings({ sleeve_waiter: '1', HOME: '/root', NODE_ENV: 'x', PORT: '1' })).toEqual([]);
  });
});

describe('a variable set without the one it needs', () => {
  it('a status token without the page says the page stays off', () => {
    const idle =
      'SLEEVE_STATUS_TOKEN is set but SLEEVE_STATUS is not 1, so /status stays off (404): set SLEEVE_STATUS=1 to serve it behind the token';
    expect(settingWarnings({ SLEEVE_STATUS_TOKEN: 'a'.repeat(20) })).toEqual([idle]);
    expect(settingWarnings({ SLEEVE_STATUS_TOKEN: 'a'.repeat(20), SLEEVE_STATUS: 'off' })).toEqual([idle]);
    expect(settingWarnings({ SLEEVE_STATUS_TOKEN: 'a'.repeat(20), SLEEVE_STATUS: 'Yes' })).toEqual([]);
  });

  it("the fs storage's bound without the fs storage says it does nothing", () => {
    expect(settingWarnings({ SLEEVE_FS_MB: '100', SLEEVE_STORAGE: 'memory' })).toEqual([
      'SLEEVE_FS_MB bounds the fs:<dir> storage, and SLEEVE_STORAGE is not fs:<dir>, so it does nothing',
    ]);
    expect(settingWarnings({ SLEEVE_FS_MB: '100', SLEEVE_STORAGE: 'fs:/var/cache/sleeve' })).toEqual([]);
  });
});

describe('a switch', () => {
  it.each(['1', 'true', 'TRUE', 'yes', 'Yes', 'on', 'ON', ' on '])('takes %j as on', (word) => {
    expect(optionsFromEnv({ SLEEVE_METRICS: word, SLEEVE_STATUS: word }).options).toMatchObject({
      metrics: true,
      status: true,
    });
  });

  it.each(['0', 'false', 'False', 'no', 'NO', 'off', 'Off'])('takes %j as off', (word) => {
    expect(optionsFromEnv({ SLEEVE_METRICS: word, SLEEVE_STATUS: word }).options).toMatchObject({
      metrics: false,
      status: undefined,
    });
  });

  it('refuses any other word, naming the ones it takes', () => {
    expect(() => optionsFromEnv({ SLEEVE_METRICS: 'enabled' })).toThrow(
      'SLEEVE_METRICS must be 1 or 0 (or true/false, yes/no, on/off, in any case) (got "enabled")',
    );
  });
});
