/**
 * Each frame layer's rule written once (issue #65): a layer is one declaration
 * (`core/http/pipeline.ts`), its full form derived from it (`fullForm`, beside it) and the
 * hit path composed from the same one (`composeHit`). No object in core states a layer in a
 * full and a hit form side by side, the hit path keeps no kinds of its own for what a layer
 * declares (`pass`, `check`), and every kind of layer a route's list can hold is one both
 * derivations read.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { FrameLayer } from '../../../core/http/frame-chain.ts';
import { composeHit } from '../../../core/http/hit/hit-path.ts';
import { fullForm, type Layer } from '../../../core/http/pipeline.ts';
import { CURRENT } from '../../../core/http/versions.ts';

const CORE = join(import.meta.dirname, '../../..', 'core');

/** Every TypeScript file of core but the embedded assets, parsed once. */
let parsed: ts.SourceFile[] | undefined;
function sources(): ts.SourceFile[] {
  parsed ??= (readdirSync(CORE, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.ts') && !file.startsWith('installed/embedded/'))
    .map((file) => ts.createSourceFile(`core/${file}`, readFileSync(join(CORE, file), 'utf8'), ts.ScriptTarget.Latest));
  return parsed;
}

/** Each node of a file for which `found` says something, as `file: what`. */
function sites(found: (node: ts.Node) => string | undefined): string[] {
  const out: string[] = [];
  for (const source of sources()) {
    const visit = (node: ts.Node): void => {
      const said = found(node);
      if (said !== undefined) out.push(`${source.fileName}: ${said}`);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return out;
}

/** The names an object literal (or a type literal) gives its members. */
function memberNames(node: ts.ObjectLiteralExpression | ts.TypeLiteralNode): string[] {
  const members: readonly ts.Node[] = ts.isObjectLiteralExpression(node) ? node.properties : node.members;
  return members.flatMap((member) => {
    const name = (member as { name?: ts.PropertyName }).name;
    return name && (ts.isIdentifier(name) || ts.isStringLiteral(name)) ? [name.text] : [];
  });
}

/** A `kind` the member list gives as a string literal (`kind: 'pass'`), in a value or a type. */
function kindOf(node: ts.ObjectLiteralExpression | ts.TypeLiteralNode): string | undefined {
  const members: readonly ts.Node[] = ts.isObjectLiteralExpression(node) ? node.properties : node.members;
  for (const member of members) {
    const name = (member as { name?: ts.PropertyName }).name;
    if (!name || !ts.isIdentifier(name) || name.text !== 'kind') continue;
    const value = ts.isPropertyAssignment(member)
      ? member.initializer
      : ts.isPropertySignature(member) && member.type && ts.isLiteralTypeNode(member.type)
        ? member.type.literal
        : undefined;
    if (value && ts.isStringLiteral(value)) return value.text;
  }
  return undefined;
}

const next: FrameLayer = (_c, go) => go();

/** One layer of every kind (the type makes this list name them all). */
const EVERY_KIND: { [K in Layer['kind']]: Extract<Layer, { kind: K }> } = {
  headers: { kind: 'headers', headers: { 'X-Own': 'yes' } },
  version: { kind: 'version', version: CURRENT },
  when: { kind: 'when', when: () => false, act: next },
  before: { kind: 'before', since: CURRENT.name, act: next },
  readies: { kind: 'readies', readies: next },
  observe: { kind: 'observe', observer: { id: () => 'id-1', record: undefined }, full: next },
  count: { kind: 'count', count: () => undefined, full: next },
  hold: { kind: 'hold', look: () => undefined, full: next },
  route: { kind: 'route', run: next },
};

describe('each layer declared once', () => {
  it('no object states a layer in a full and a hit form side by side', () => {
    const twice = sites((node) => {
      if (!ts.isObjectLiteralExpression(node) && !ts.isTypeLiteralNode(node)) return undefined;
      const names = memberNames(node);
      return names.includes('full') && names.includes('hit') ? `{ ${names.join(', ')} }` : undefined;
    });
    expect(twice).toEqual([]);
  });

  it('only the three layers whose core a hit needs give a full form of their own, beside that core', () => {
    const own = sites((node) => {
      if (!ts.isObjectLiteralExpression(node) && !ts.isTypeLiteralNode(node)) return undefined;
      const names = memberNames(node);
      if (!names.includes('full')) return undefined;
      const kind = kindOf(node);
      const core = { observe: 'observer', count: 'count', hold: 'look' }[kind ?? ''];
      return core !== undefined && names.includes(core) ? undefined : `{ ${names.join(', ')} }`;
    });
    expect(own).toEqual([]);
  });

  it('the hit path keeps no kind of its own for what a layer declares, and no wrapper says it', () => {
    const kinds = sites((node) => {
      if (!ts.isObjectLiteralExpression(node) && !ts.isTypeLiteralNode(node)) return undefined;
      const kind = kindOf(node);
      return kind === 'pass' || kind === 'check' ? `kind ${kind}` : undefined;
    });
    const wrappers = sites((node) =>
      (ts.isVariableDeclaration(node) || ts.isFunctionDeclaration(node)) &&
      node.name &&
      ts.isIdentifier(node.name) &&
      ['passing', 'fullOnly', 'HitForm'].includes(node.name.text)
        ? node.name.text
        : undefined,
    );
    const types = sites((node) =>
      (ts.isTypeAliasDeclaration(node) || ts.isInterfaceDeclaration(node)) && node.name.text === 'HitForm'
        ? node.name.text
        : undefined,
    );
    expect([...kinds, ...wrappers, ...types]).toEqual([]);
  });

  it('every kind of layer is one the full frame and the hit path both read', () => {
    const observer = EVERY_KIND.observe;
    const holder = EVERY_KIND.hold;
    for (const layer of Object.values(EVERY_KIND)) {
      expect(typeof fullForm(layer), layer.kind).toBe('function');
      expect(() => composeHit('/t', [observer, layer, holder]), layer.kind).not.toThrow();
    }
    // What a held hit meets: the route before the cache leaves the path to the full frame alone.
    expect(composeHit('/t', [observer, EVERY_KIND.route, holder])).toBeUndefined();
    expect(composeHit('/t', [observer, EVERY_KIND.readies, EVERY_KIND.when, holder])?.checks).toEqual([
      EVERY_KIND.when.when,
    ]);
  });
});
