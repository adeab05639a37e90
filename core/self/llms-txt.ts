/**
 * @module
 * `/llms.txt` (https://llmstxt.org): the service for language-model tools, in markdown: an H1,
 * a blockquote summary, the rules, then H2 sections of links. Rendered from the OpenAPI
 * document, which is itself generated from the declarations, so the two never disagree:
 * one list item per operation with its description, parameters and a `curl` of its example.
 */
import { modeSentence, SERVICE_NAME, SERVICE_SUMMARY } from '../openapi/about.ts';
import { serviceRules, type ServiceFacts } from '../openapi/document.ts';
import type { JsonSchema, OpenApiDocument, Operation, Parameter } from '../openapi/types.ts';
import { PREFIXES } from '../http/layers/version-prefix.ts';
import { curlOf, exampleUrl } from './curl.ts';
import { NOT_BLANK } from '../schemas/params.ts';

/** `limit` → "optional integer from 1 to 25, default 5". */
function parameterPhrase(p: Parameter): string {
  const s = p.schema as JsonSchema & { items?: JsonSchema };
  const words: string[] = [p.required ? 'required' : 'optional'];
  if (s.type === 'array') words.push(`comma-separated list of ${(s.items?.enum ?? []).join(', ')}`);
  else if (s.enum) words.push(`one of ${s.enum.join(', ')}`);
  else words.push(String(s.type ?? 'string'));
  if (s.minimum !== undefined && s.maximum !== undefined) words.push(`from ${s.minimum} to ${s.maximum}`);
  else if (s.minimum !== undefined) words.push(`of at least ${s.minimum}`);
  if (s.maxLength !== undefined) words.push(`of at most ${s.maxLength} characters`);
  // Blank refused is said in words: `\S` alone reads as noise to most readers.
  if (s.pattern !== undefined && s.pattern !== NOT_BLANK) words.push(`matching \`${s.pattern}\``);
  if (s.format !== undefined) words.push(`in the form of a ${s.format}`);
  let phrase = words.join(' ');
  if (s.pattern === NOT_BLANK) phrase += ', not blank';
  if (s.default !== undefined)
    phrase += `, default ${Array.isArray(s.default) ? s.default.join(',') : String(s.default)}`;
  if (p.description) phrase += `: ${p.description.replace(/\.$/, '')}`;
  return `\`${p.name}\` (${phrase})`;
}

/**
 * One operation as a list item: its link and summary, then its description (the declaration's
 * own words and its policy, as the document has them), its parameters and a curl to try.
 */
function operationItem(base: string, path: string, method: string, op: Operation): string {
  const target = exampleUrl(base, path, op) ?? `${base}${path}`;
  const more: string[] = [];
  const params = op.parameters ?? [];
  if (params.length > 0) more.push(`- Parameters: ${params.map(parameterPhrase).join('; ')}.`);
  if (op.requestBody) more.push('- Body: JSON, as its schema in /openapi.json says.');
  const curl = curlOf(base, path, op);
  if (curl) more.push(`- Example: \`${curl}\``);
  const lines = [...op.description.split('\n'), ...more].map((line) => (line === '' ? '' : `  ${line}`));
  return [`- [${method.toUpperCase()} ${path}](${target}): ${op.summary}`, ...lines].join('\n');
}

export function llmsText(document: OpenApiDocument, facts: ServiceFacts, base: string): string {
  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => operationItem(base, path, method, op as Operation)),
  );
  const prefixes = PREFIXES.filter((p) => p.prefix !== '')
    .map((p) => `${base}${p.prefix}/…`)
    .join(', ');
  return [
    `# ${SERVICE_NAME}`,
    `> ${SERVICE_SUMMARY} ${modeSentence(facts.mode)} Version ${document.info.version}.`,
    `Base URL: ${base} (version prefixes: ${prefixes}).`,
    ...serviceRules(facts),
    '## Docs',
    [
      `- [OpenAPI 3.1 document](${base}/openapi.json): every endpoint with its parameters, answer schemas, errors and limits`,
      `- [API reference](${base}/docs): the same as a page, with requests to try`,
      `- [Error codes](${base}/errors): every error code with its status and meaning`,
    ].join('\n'),
    '## Endpoints',
    operations.join('\n'),
    '',
  ].join('\n\n');
}
