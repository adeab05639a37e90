/**
 * docs/development.md's trees are the folders as they are: the tree of `adapters/` names every
 * file of every runtime's folder and nothing else; the tree of `core/` names every folder of
 * core, at every depth, and nothing else. The page cannot drift from a move or a new file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../../', import.meta.url);
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

/**
 * The folders the code block drawing `core/` names, as paths under core (`http/cache`): a name
 * ending in `/` at the start of a line's text, nested by its indentation (two spaces a level);
 * `a/, b/` on one line names two folders of one level.
 */
function drawnCoreFolders(): string[] {
  const block = /```\ncore\/\n([\s\S]*?)```/.exec(page)?.[1];
  expect(block, 'a code block drawing core/ in docs/development.md').toBeDefined();
  const path: string[] = [];
  const folders: string[] = [];
  for (const line of block!.split('\n')) {
    const at = /^( +)((?:[\w-]+\/,? ?)+)(?: {2,}|$)/.exec(line);
    if (!at) continue;
    const depth = at[1]!.length / 2 - 1;
    path.length = depth;
    const names = at[2]!
      .split(',')
      .map((name) => name.trim().replace(/\/$/, ''))
      .filter(Boolean);
    // A line continuing a list of folders (`deezer/, reccobeats/,` then `azuracast/, ...`) stays at its level.
    for (const name of names) folders.push([...path, name].join('/'));
    path.push(names.at(-1)!);
  }
  return folders.sort();
}

/** Every folder under core, as a path under it; the generated copies of installed files are not drawn. */
function coreFolders(at = ''): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(new URL(`core/${at}`, ROOT), { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === 'embedded') continue;
    const path = at + entry.name;
    found.push(path, ...coreFolders(`${path}/`));
  }
  return found.sort();
}

describe('docs/development.md draws core/ as it is', () => {
  it('names every folder of core, at every depth, and nothing that is not there', () => {
    expect(drawnCoreFolders()).toEqual(coreFolders());
  });

  it('no folder of core holds more than 15 files of its own', () => {
    const crowded = coreFolders()
      .map((folder) => ({
        folder,
        files: readdirSync(new URL(`core/${folder}/`, ROOT), { withFileTypes: true }).filter((e) => e.isFile()).length,
      }))
      .filter(({ files }) => files > 15);
    const top = readdirSync(new URL('core/', ROOT), { withFileTypes: true }).filter((e) => e.isFile()).length;
    expect({ crowded, top: top <= 15 }).toEqual({ crowded: [], top: true });
  });
});
