/**
 * @module
 * What start-up warns of in the environment, one line each, before it listens: a `SLEEVE_*`
 * variable Sleeve does not read (a misspelling, `MDOE` for `MODE`, named with the known one
 * nearest to it), and a variable set without the one it needs (a status token without the page). Each
 * would otherwise be ignored without a word. A warning never stops start-up (D67): an env file
 * may carry a newer version's variable, and a rollback must still start. The known names are the
 * variable tables' own (`ENV_VARIABLES`, and what the caller adds: the servers' limits, Workers'
 * bindings), so a variable added to a table is known here with nothing else to change.
 */
import { ENV_VARIABLES, type VariableTable } from './config.ts';
import { switchWord } from './switch-words.ts';

type Env = Record<string, unknown>;

const PREFIX = 'SLEEVE_';

/**
 * A variable that does something only beside another: why it is idle with `env` as it is, or
 * undefined when it is not (unset, or its partner set).
 */
const NEEDS: readonly ((env: Env) => string | undefined)[] = [
  (env) =>
    isSet(env.SLEEVE_STATUS_TOKEN) && switchWord(String(env.SLEEVE_STATUS ?? '')) !== true
      ? 'SLEEVE_STATUS_TOKEN is set but SLEEVE_STATUS is not 1, so /status stays off (404): set SLEEVE_STATUS=1 to serve it behind the token'
      : undefined,
  (env) =>
    isSet(env.SLEEVE_FS_MB) && !String(env.SLEEVE_STORAGE ?? '').startsWith('fs:')
      ? 'SLEEVE_FS_MB bounds the fs:<dir> storage, and SLEEVE_STORAGE is not fs:<dir>, so it does nothing'
      : undefined,
];

const isSet = (value: unknown): boolean => typeof value === 'string' && value.trim() !== '';

/**
 * The warnings for `env`, in a stable order (unknown names first, alphabetically). `tables` are
 * the variable tables this entry reads besides Sleeve's own; `alsoKnown`, names it reads that no
 * table holds (a Worker's bindings).
 */
export function settingWarnings(
  env: Env,
  { tables = [], alsoKnown = [] }: { tables?: readonly VariableTable[]; alsoKnown?: readonly string[] } = {},
): string[] {
  const known = [ENV_VARIABLES, ...tables].flatMap((table) => Object.keys(table)).concat(alsoKnown);
  const unknown = Object.keys(env)
    .filter((name) => name.startsWith(PREFIX) && !known.includes(name))
    .sort()
    .map((name) => unknownLine(name, known));
  const idle = NEEDS.map((need) => need(env)).filter((line): line is string => line !== undefined);
  return [...unknown, ...idle];
}

function unknownLine(name: string, known: readonly string[]): string {
  const said = `${name} is not a variable Sleeve reads, so it does nothing`;
  const near = nearest(
    name,
    known.filter((k) => k.startsWith(PREFIX)),
  );
  return near === undefined ? `${said} (sleeve --help lists them)` : `${said}: did you mean ${near}?`;
}

/**
 * The known name fewest edits away, when it is near enough to be the one meant: at most half
 * the name's own part (after `SLEEVE_`: `STORAGE_URL` is `STORAGE` with a word added), and
 * never fewer than two edits allowed.
 */
function nearest(name: string, known: readonly string[]): string | undefined {
  const own = name.slice(PREFIX.length);
  const allowed = Math.max(2, Math.floor(own.length / 2));
  let best: { name: string; distance: number } | undefined;
  for (const candidate of known) {
    const distance = editDistance(own, candidate.slice(PREFIX.length));
    if (distance <= allowed && (best === undefined || distance < best.distance)) best = { name: candidate, distance };
  }
  return best?.name;
}

/**
 * Edits from `a` to `b`: a character added, removed or changed, or two neighbours swapped
 * (`MDOE` is one edit from `MODE`, the commonest slip of a typist).
 */
function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push([i]);
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        rows[0]!.push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]!.push(d);
    }
  }
  return rows[a.length]![b.length]!;
}
