#!/usr/bin/env python3
"""
Moves Sleeve's tests into tier folders that mirror the source (issue #65, item 5). Re-runnable:
run it from the repository's root (`python3 .wave7/move-tests.py`, `--dry` to only print)
after merging a branch that added tests at the old places; files already under a tier folder
stay, and every file that names a moved file (relative imports, `new URL(..., import.meta.url)`,
`import.meta.dirname` joins, and `test/...` paths in code, docs and config) is rewritten.

THE RULE, for a file at test/<old> (not already in test/{unit,integration,distribution,
reliability,helpers,fixtures}/):
  1. tier: `integration` or `distribution` when <old> matches a glob of the old lists of
     test/tiers.ts (kept below, plus any still found in test/tiers.ts), else `unit`.
  2. folder: the old folder, renamed by FOLDERS to the source folder it mirrors (core's folder
     names without `core/`: config -> wiring, catalog -> drivers/catalog); a loose file is
     placed by FILES. Names are kept.
  3. new path: test/<tier>/<folder>/<name>.
  Shared files (`_x.ts`, and other non-test files beside tests) move beside their users when
  all of them land in one folder, else to test/helpers/<folder>/<x>.ts (the folder as in 2,
  the leading `_` dropped in test/helpers). What moved is recorded in move-tests.map.json beside this script,
  so a later run rewrites new files' imports of files moved by an earlier one.
"""
import json
import os
import re
import subprocess
import sys

DRY = '--dry' in sys.argv
HERE = os.path.dirname(os.path.abspath(__file__))
MAP_FILE = os.path.join(HERE, 'move-tests.map.json')

# The old lists of test/tiers.ts (main at ddad32f), globs from the repository's root.
DISTRIBUTION = [
    'test/distribution/package/package.test.ts', 'test/distribution/package/package-jsr.test.ts', 'test/distribution/package/install-engines.test.ts',
    'test/distribution/package/install-scripts.test.ts', 'test/exe/**/*.test.ts', 'test/runtimes/**/*.test.ts',
    'test/distribution/client/bun.test.ts', 'test/distribution/client/deno.test.ts', 'test/distribution/docs/browser.test.ts',
    'test/distribution/status/browser.test.ts', 'test/distribution/storage/workers.test.ts', 'test/distribution/storage/deno-kv.test.ts',
    'test/distribution/installed/no-file-system.test.ts', 'test/distribution/routes/socket-runtimes.test.ts',
]
INTEGRATION = [
    'test/live/**/*.test.ts', 'test/replay/**/*.test.ts', 'test/adapters/**/*.test.ts',
    'test/storage/redis*.test.ts', 'test/integration/storage/from-spec.test.ts', 'test/integration/adapters/cli/cli.test.ts',
    'test/integration/adapters/cli/cli-checkout.test.ts', 'test/integration/repository/readme.test.ts', 'test/integration/examples/examples.test.ts',
    'test/integration/examples/examples-kubernetes.test.ts', 'test/integration/helpers/summary-reporter.test.ts', 'test/integration/drivers/catalog/cli.test.ts',
    'test/client/{endpoints,errors,node}.test.ts', 'test/config/{startup,upstreams-env}.test.ts',
    'test/drivers/{azuracast,azuracast-watch,budget,deezer,links,reccobeats,reccobeats-driver}.test.ts',
    'test/integration/http/hostile-node.test.ts',
    'test/openapi/{agreement,examples,generated-client,linters}.test.ts',
    'test/routes/{ai,ai-budget,ai-ceiling,ai-lyrics,ai-upstream,media-alias,radio,socket-node}.test.ts',
    'test/integration/services/radio-watch.test.ts',
]

# Old test folders renamed to the source folder they mirror; the rest keep their name (core's
# folders: cards, docs, drivers, http, installed, links, observe, openapi, routes, services,
# shape, status, storage, text; and adapters, client, replay, bench, runtimes, exe, live).
FOLDERS = {'config': 'wiring', 'catalog': 'drivers/catalog'}

# Loose files: the folder of what they test.
FILES = {
    'cli.test.ts': 'adapters/cli',
    'cli-checkout.test.ts': 'adapters/cli',
    'health.test.ts': 'services',
    'examples.test.ts': 'examples',
    'examples-kubernetes.test.ts': 'examples',
    'readme.test.ts': 'repository',
    'layers.test.ts': 'repository',
    'named-paths.test.ts': 'repository',
    'tiers.test.ts': 'repository',
    'one-clock.test.ts': 'repository',
    'words.test.ts': 'repository',
    'policies-once.test.ts': 'repository',
    'request-channels.test.ts': 'repository',
    'summary-reporter.test.ts': 'helpers',
    'package.test.ts': 'package',
    'package-jsr.test.ts': 'package',
    'install-engines.test.ts': 'package',
    'install-scripts.test.ts': 'package',
}
# Files of a folder that test something else than the folder's name says.
PER_FILE = {
    'docs/layout.test.ts': 'repository',
    'docs/links.test.ts': 'repository',
}

TIERS = ('unit', 'integration', 'distribution', 'reliability')
STAY = TIERS + ('helpers', 'fixtures', 'artifacts')
STAYING_FILES = {'test/tiers.ts', 'test/unit-guard.ts'}


def glob_re(glob):
    parts = []
    for part in glob.split('**/'):
        p = re.sub(r'[.+^$()|[\]\\]', lambda m: '\\' + m.group(0), part)
        p = p.replace('*', '[^/]*')
        p = re.sub(r'\{([^}]*)\}', lambda m: '(?:' + '|'.join(m.group(1).split(',')) + ')', p)
        parts.append(p)
    return re.compile('^' + '(?:.*/)?'.join(parts) + '$')


def lists_in_tiers_file():
    """Globs a merged test/tiers.ts may still carry (a branch that added one to the old lists)."""
    try:
        text = open('test/tiers.ts').read()
    except OSError:
        return [], []
    found = {}
    for name in ('DISTRIBUTION', 'INTEGRATION'):
        m = re.search(name + r'[^=]*=\s*\[(.*?)\];', text, re.S)
        found[name] = re.findall(r"'([^']+)'", m.group(1)) if m else []
    return found['DISTRIBUTION'], found['INTEGRATION']


extra_d, extra_i = lists_in_tiers_file()
DIST_RES = [glob_re(g) for g in DISTRIBUTION + extra_d]
INT_RES = [glob_re(g) for g in INTEGRATION + extra_i]


def tier_of(old):
    if any(r.match(old) for r in DIST_RES):
        return 'distribution'
    if any(r.match(old) for r in INT_RES):
        return 'integration'
    return 'unit'


def folder_of(old):
    rest = old[len('test/'):]
    if '/' not in rest:
        if rest not in FILES:
            sys.exit(f'no folder for the loose file {old}: add it to FILES')
        return FILES[rest]
    if rest in PER_FILE:
        return PER_FILE[rest]
    head, tail = rest.split('/', 1)
    sub = os.path.dirname(tail)
    folder = FOLDERS.get(head, head)
    return f'{folder}/{sub}' if sub else folder


def tracked_files():
    out = subprocess.run(['git', 'ls-files', '--cached', '--others', '--exclude-standard'],
                         capture_output=True, text=True, check=True).stdout
    return [f for f in out.splitlines() if os.path.exists(f)]


def to_move(files):
    """Old-place files under test/: tests, and files beside them (shared helpers)."""
    out = []
    for f in files:
        if not f.startswith('test/') or f in STAYING_FILES:
            continue
        rest = f[len('test/'):]
        if '/' in rest and rest.split('/', 1)[0] in STAY:
            continue
        out.append(f)
    return out


# A relative path literal: '..', './x', '../x/', or a template's static start `../x/${...}`.
REL = re.compile(r"""(['`])(\.\.?(?:/[^'`$\n]*)?)(?=['`$])""")
CONTEXT = re.compile(r"""\bfrom\s+['`]|\bimport\s*\(|^\s*import\s+['`]|vi\.mock\(|import\.meta""")


def main():
    files = tracked_files()
    existing = set(files)
    dirs = set()
    for f in files:
        d = os.path.dirname(f)
        while d and d not in dirs:
            dirs.add(d)
            d = os.path.dirname(d)
    moved = json.load(open(MAP_FILE)) if os.path.exists(MAP_FILE) else {}
    movers = to_move(files)
    tests = [f for f in movers if f.endswith('.test.ts')]
    others = [f for f in movers if not f.endswith('.test.ts')]
    new = {}
    for f in tests:
        new[f] = f'test/{tier_of(f)}/{folder_of(f)}/{os.path.basename(f)}'

    texts = {}

    def text(f):
        if f not in texts:
            try:
                texts[f] = open(f, encoding='utf8').read()
            except (UnicodeDecodeError, OSError):
                texts[f] = None
        return texts[f]

    # Who uses a shared file: a relative reference that resolves to it, or its path from the root.
    def users(target):
        found = []
        for f in files:
            if f == target or not f.endswith(('.ts', '.mjs')):
                continue
            t = text(f)
            if t is None:
                continue
            base = os.path.basename(target)
            if base not in t:
                continue
            here = os.path.dirname(f)
            hit = target in t
            for m in REL.finditer(t):
                if os.path.normpath(os.path.join(here, m.group(2))) == target:
                    hit = True
            if hit:
                found.append(f)
        return found

    taken = set(existing) | set(moved.values()) | set(new.values())
    # Shared files used by other shared files: place them after those (two rounds suffice here).
    pending = list(others)
    for _ in range(3):
        left = []
        for f in pending:
            us = users(f)
            places = set()
            unknown = False
            for u in us:
                if u in new:
                    places.add(os.path.dirname(new[u]))
                elif u in moved.values() or u in moved:
                    places.add(os.path.dirname(moved.get(u, u)))
                elif u in pending and u != f:
                    unknown = True
                else:
                    places.add(os.path.dirname(u))
            if unknown:
                left.append(f)
                continue
            name = os.path.basename(f)
            stem = name[1:] if name.startswith('_') else name
            if len(places) == 1:
                place = places.pop()
                target = f'{place}/{stem if place.startswith("test/helpers") else name}'
            else:
                target = f'test/helpers/{folder_of(f)}/{stem}'
            if target in taken:
                sys.exit(f'{f}: {target} is taken')
            taken.add(target)
            new[f] = target
        pending = left
    for f in pending:
        sys.exit(f'could not place {f} (its users are placed in a cycle)')

    everything = {**moved, **new}

    def new_place(path):
        return everything.get(path, path)

    def rewrite_relative(f, t):
        old_dir = os.path.dirname(f)
        new_dir = os.path.dirname(new_place(f))
        out = []
        for line in t.split('\n'):
            if CONTEXT.search(line) or re.match(r"^\s*\} from ", line):
                def fix(m):
                    lit = m.group(2)
                    target = os.path.normpath(os.path.join(old_dir, lit))
                    trail = '/' if lit.endswith('/') and lit not in ('./', '../') else ''
                    probe = target
                    if not (probe in existing or probe in dirs or probe in everything or probe == '.' or os.path.exists(probe)):
                        # A template's static part may end in a partial name: its folder must exist.
                        if m.group(1) == '`' and os.path.dirname(probe) in dirs:
                            pass
                        else:
                            return m.group(0)
                    dest = new_place(target)
                    rel = os.path.relpath(dest, new_dir)
                    if lit.endswith('/') and not rel.endswith('/'):
                        rel += '/'
                    elif trail:
                        rel += '/'
                    if not rel.startswith('.'):
                        rel = './' + rel
                    if lit in ('.', '..') or rel in ('./.', './'):
                        rel = rel.rstrip('/') if lit in ('.', '..') else rel
                        if rel == './.':
                            rel = '.'
                    return m.group(1) + rel
                line = REL.sub(fix, line)
            out.append(line)
        return '\n'.join(out)

    # Paths from the root named anywhere: code that spawns a file by path, comments, docs, config.
    root_names = sorted(everything.items(), key=lambda kv: -len(kv[0]))
    root_re = re.compile(r'(?<![\w/.-])(' + '|'.join(re.escape(k) for k, _ in root_names) + r')(?![\w-]|\.\w)') if root_names else None
    # A renamed shared file (`_x.ts` -> x.ts) named bare in a comment, when no other file had that name.
    bases = {}
    for f in files:
        bases.setdefault(os.path.basename(f), []).append(f)
    renamed = {os.path.basename(k): os.path.basename(v) for k, v in new.items()
               if os.path.basename(k) != os.path.basename(v) and len(bases.get(os.path.basename(k), [])) == 1}
    bare_re = re.compile(r'(?<![\w/.-])(' + '|'.join(re.escape(k) for k in renamed) + r')(?![\w-]|\.\w)') if renamed else None

    changed = {}
    for f in files:
        if f.startswith(('node_modules/', 'test/fixtures/')) or f.endswith(('.lock', 'package-lock.json')):
            continue
        # This script and its map name the old paths on purpose.
        if os.path.abspath(f).startswith(HERE + os.sep):
            continue
        t = text(f)
        if t is None:
            continue
        u = t
        if f.endswith(('.ts', '.mjs')) and (f in new or f.startswith('test/')):
            u = rewrite_relative(f, u)
        elif f.endswith(('.ts', '.mjs')):
            # Outside test/: only its references into moved files (bench importing a test helper).
            u = rewrite_relative(f, u) if any(os.path.basename(k) in u for k in new) else u
        if root_re:
            u = root_re.sub(lambda m: everything[m.group(1)], u)
        if bare_re and f.endswith(('.ts', '.mjs', '.md')):
            u = bare_re.sub(lambda m: renamed[m.group(1)], u)
        if u != t:
            changed[f] = u

    # Shared files folded into one after the first run (the clocks, the raw clients): names that moved.
    for f in list(changed) + [f for f in files if f.startswith('test/') and f.endswith('.ts') and f not in changed]:
        u = changed.get(f) or text(f)
        if u is None:
            continue
        v = split_folded_imports(u, os.path.dirname(new_place(f)))
        if v != u:
            changed[f] = v

    for f, dest in sorted(new.items()):
        print(f'{f} -> {dest}')
    for f in sorted(changed):
        print(f'rewrites {f}')
    print(f'{len(new)} moved, {len(changed)} rewritten', file=sys.stderr)
    if DRY:
        return
    for f, u in changed.items():
        open(f, 'w', encoding='utf8').write(u)
    for f, dest in new.items():
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        if subprocess.run(['git', 'ls-files', '--error-unmatch', f], capture_output=True).returncode == 0:
            subprocess.run(['git', 'mv', f, dest], check=True)
        else:
            os.rename(f, dest)
    # The old folders, now empty (or holding only ignored leftovers of no use: none are kept in them).
    for f in new:
        d = os.path.dirname(f)
        while d != 'test' and os.path.isdir(d) and not os.listdir(d):
            os.rmdir(d)
            d = os.path.dirname(d)
    # Longer paths may push a line past 120 columns, and imports sort by path.
    touched = [new.get(f, f) for f in changed] + list(new.values())
    touched = sorted({f for f in touched if f.endswith(('.ts', '.mjs', '.json', '.jsonc')) and os.path.exists(f)})
    if touched:
        subprocess.run(['npx', 'biome', 'check', '--write', *touched], capture_output=True)
    moved.update(new)
    json.dump(moved, open(MAP_FILE, 'w'), indent=1, sort_keys=True)


# name -> the file that now holds it, for imports of the folded helpers that still name the old file.
FOLDED = {
    'test/helpers/drivers/budget.ts': {'fakeClock': 'test/helpers/clock.ts', 'settle': 'test/helpers/clock.ts',
                                        'T0': 'test/helpers/clock.ts', 'FakeClock': 'test/helpers/clock.ts'},
    'test/helpers/raw-http.ts': {'UA': 'test/helpers/user-agent.ts'},
}


def split_folded_imports(t, new_dir):
    if 'helpers/clock.ts' in t:
        t = re.sub(r'\bvirtualClock\b', 'fakeClock', t)
        t = re.sub(r'\bVirtualClock\b', 'FakeClock', t)
    for holder, names in FOLDED.items():
        rel = os.path.relpath(holder, new_dir)
        rel = rel if rel.startswith('.') else './' + rel
        pattern = re.compile(r"import \{([^}]*)\} from '" + re.escape(rel) + "';")
        m = pattern.search(t)
        if not m:
            continue
        wanted = [n.strip() for n in m.group(1).split(',') if n.strip()]
        bare = lambda n: n.replace('type ', '').split(' as ')[0].strip()
        moved_names = [n for n in wanted if bare(n) in names]
        if not moved_names:
            continue
        kept = [n for n in wanted if bare(n) not in names]
        lines = [f"import {{ {', '.join(kept)} }} from '{rel}';"] if kept else []
        by_file = {}
        for n in moved_names:
            by_file.setdefault(names[bare(n)], []).append(n)
        for target, ns in by_file.items():
            r = os.path.relpath(target, new_dir)
            r = r if r.startswith('.') else './' + r
            lines.append(f"import {{ {', '.join(ns)} }} from '{r}';")
        t = t.replace(m.group(0), '\n'.join(lines))
    return t


if __name__ == '__main__':
    main()
