/**
 * docs/development.md's tree of `adapters/` is the folder as it is: every file the tree names
 * exists, and every source file of every runtime's folder is named, so the page cannot drift
 * from a move or a new file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../', import.meta.url);
const page = readFileSync(new URL('docs/development.md', ROOT), 'utf8');

/** The code block that draws `adapters/`: each folder it names, with the files named under it. */
function drawnTree(): Map<string, Set<string>> {
  const block = /```\nadapters\/\n([\s\S]*?)```/.exec(page)?.[1];
  expect(block, 'a code block drawing adapters/ in docs/development.md').toBeDefined();
  const tree = new Map<string, Set<string>>();
  let folder = '';
  for (const line of block!.split('\n')) {
    const opens = /^ {2}([\w-]+)\//.exec(line);
    if (opens) tree.set((folder = opens[1]!), new Set());
    // File names stand first on a line (after the folder, if it opens there) or in a comma list.
    const names = line.replace(/^ {2}[\w-]+\/\s*/, '').trim();
    const listed = /^((?:[\w.-]+\.ts)(?:, [\w.-]+\.ts)*)/.exec(names)?.[1];
    if (listed && folder) for (const name of listed.split(', ')) tree.get(folder)!.add(name);
  }
  return tree;
}

describe('docs/development.md draws adapters/ as it is', () => {
  it('names every runtime folder and every file in it, and nothing that is not there', () => {
    const tree = drawnTree();
    const folders = readdirSync(new URL('adapters/', ROOT), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect([...tree.keys()].sort()).toEqual(folders);
    for (const folder of folders) {
      const files = readdirSync(new URL(`adapters/${folder}/`, ROOT))
        .filter((name) => name.endsWith('.ts'))
        .sort();
      expect([...tree.get(folder)!].sort(), `adapters/${folder}/`).toEqual(files);
    }
  });
});
