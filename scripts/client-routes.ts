/**
 * @module
 * `npm run client:routes`: writes `client/route-table.ts`, the typed client's view of the route
 * table (each endpoint's path, method, parameters' input and output, body's input and answer's output),
 * read by the TypeScript checker from `core/routes/index.ts`'s inferred `Endpoints`.
 *
 * Why a written file and not `typeof endpoints`: JSR (D36) takes only types written out in the
 * published API ("no slow types"), and the client's types are its API. Writing them by hand next
 * to the valibot schemas would state every shape twice; the schemas stay the one source, and
 * this copy of their types is made from them. `test/unit/client/route-table.test.ts` fails when the
 * file is stale, and `test/unit/client/types.test.ts` checks every path's types equal the inferred ones.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const OUT: string = `${ROOT}client/route-table.ts`;

const FLAGS =
  ts.NodeBuilderFlags.NoTruncation |
  ts.NodeBuilderFlags.MultilineObjectLiterals |
  ts.NodeBuilderFlags.UseSingleQuotesForStringLiteralType;

/** The checker over the server's sources, as `tsc --noEmit` sees them. */
function checkerOf(): { checker: ts.TypeChecker; table: ts.Type; source: ts.SourceFile } {
  const config = ts.getParsedCommandLineOfConfigFile(
    `${ROOT}tsconfig.json`,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(String(d.messageText));
      },
    },
  );
  if (!config) throw new Error('tsconfig.json unreadable');
  const file = `${ROOT}core/routes/index.ts`;
  const program = ts.createProgram([file], config.options);
  const source = program.getSourceFile(file)!;
  const checker = program.getTypeChecker();
  const symbol = checker.getExportsOfModule(checker.getSymbolAtLocation(source)!).find((s) => s.name === 'endpoints');
  if (!symbol) throw new Error('core/routes/index.ts declares no `endpoints`');
  return { checker, table: checker.getTypeOfSymbol(symbol), source };
}

/** One endpoint's declaration as the client reads it: `path: '/x'; params: In<…>; response: Out<…>`. */
function routeOf(checker: ts.TypeChecker, endpoint: ts.Type, at: ts.Node): string {
  const printer = ts.createPrinter({ removeComments: true });
  const print = (type: ts.Type) =>
    printer.printNode(ts.EmitHint.Unspecified, checker.typeToTypeNode(type, at, FLAGS)!, at.getSourceFile());
  const prop = (type: ts.Type, name: string) => {
    const symbol = type.getProperty(name);
    return symbol ? checker.getNonNullableType(checker.getTypeOfSymbol(symbol)) : undefined;
  };
  // A valibot schema's types sit in its optional `~types` property: `{ input, output }`.
  const schemaSide = (schema: ts.Type | undefined, side: 'input' | 'output') => {
    const types = schema && !(schema.flags & ts.TypeFlags.Never) ? prop(schema, '~types') : undefined;
    return types ? print(prop(types, side)!) : undefined;
  };
  const response = prop(endpoint, 'response')!;
  const method = prop(endpoint, 'method');
  const lines = [
    `path: ${print(prop(endpoint, 'path')!)}`,
    `method: ${method && !(method.flags & ts.TypeFlags.Never) ? print(method) : "'GET'"}`,
  ];
  // Both sides: what a caller writes says which keys are required, what the server makes of
  // it says a value's type (a number where the text becomes one).
  const params = schemaSide(prop(endpoint, 'params'), 'input');
  if (params) lines.push(`params: Params<${params}, ${schemaSide(prop(endpoint, 'params'), 'output')}>`);
  const body = schemaSide(prop(endpoint, 'body'), 'input');
  // As the declaration says it: no body is `body?: undefined`, which `BodyFor` reads as none.
  lines.push(body ? `body: In<${body}>` : 'body?: undefined');
  lines.push(`response: ${response.getProperty('media') ? 'MediaAnswer' : `Out<${schemaSide(response, 'output')}>`}`);
  // Four and eight spaces, halved with the printer's own by `indent`.
  return `    {\n${lines.map((line) => `        ${line.replace(/\n/g, '\n        ')};\n`).join('')}    }`;
}

/**
 * The checker names a type alias of another module as `import("/abs/path").Name`; the file
 * imports it by its relative path instead, so it reads the same on every machine.
 */
function importsOf(code: string): { code: string; imports: string } {
  const byModule = new Map<string, Set<string>>();
  const replaced = code.replace(/import\("([^"]+)"\)\.(\w+)/g, (_all, path: string, name: string) => {
    if (!path.startsWith(ROOT)) throw new Error(`route-table: a type from outside the repository: ${path}`);
    const from = `../${path.slice(ROOT.length)}.ts`;
    byModule.set(from, (byModule.get(from) ?? new Set()).add(name));
    return name;
  });
  const imports = [...byModule]
    .sort()
    .map(([from, names]) => `import type { ${[...names].sort().join(', ')} } from '${from}';\n`)
    .join('');
  return { code: replaced, imports };
}

export function render(): string {
  const { checker, table, source } = checkerOf();
  const printed = checker
    .getTypeArguments(table as ts.TypeReference)
    .map((endpoint) => routeOf(checker, endpoint, source));
  const { code: routes, imports } = importsOf(indent(printed.join(',\n')));
  return `/**
 * @module
 * Written by \`npm run client:routes\` (scripts/client-routes.ts) from \`core/routes/index.ts\`:
 * do not edit. Each endpoint as the typed client reads it, in the route table's order.
 */
import type * as v from 'valibot';
import type { MediaAnswer } from '../core/http/endpoint.ts';
${imports}
/** What a caller writes (a body schema's input). */
type In<I> = v.GenericSchema<I, unknown>;
/** A params schema: what a caller writes, and what the server reads it as. */
type Params<I, O> = v.GenericSchema<I, O>;
/** What a JSON answer holds (its response schema's output). */
type Out<O> = v.GenericSchema<unknown, O>;

/** The route table's types: what \`ClientOf\` builds the client from. */
export type RouteTable = readonly [
${routes},
];
`;
}

/** Formats with the repository's own style where it matters to a reader: two-space indents. */
function indent(code: string): string {
  return code.replace(/^( {4})+/gm, (spaces) => ' '.repeat(spaces.length / 2));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(OUT, render());
  console.log(`wrote ${OUT}`);
}
