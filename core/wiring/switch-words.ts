/**
 * @module
 * The words a variable that turns something on or off takes, as people write them in an env
 * file, a compose file or a platform's settings form: 1/0, true/false, yes/no, on/off, in any
 * case. Every such variable reads them through here, so one that takes `yes` never sits beside
 * one that refuses it.
 */

const ON: readonly string[] = ['1', 'true', 'yes', 'on'];
const OFF: readonly string[] = ['0', 'false', 'no', 'off'];

/** What a switch accepts, as a refusal and `--help` say it. */
export const SWITCH_ACCEPTS = '1 or 0 (or true/false, yes/no, on/off, in any case)';

/** On (true), off (false), or not a switch's word at all (undefined). */
export function switchWord(text: string): boolean | undefined {
  const word = text.trim().toLowerCase();
  if (ON.includes(word)) return true;
  if (OFF.includes(word)) return false;
  return undefined;
}
