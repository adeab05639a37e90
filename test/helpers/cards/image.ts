/**
 * @module
 * Checks for card answers: an XML well-formedness check strict enough for what a card holds
 * (no XML parser is installed: elements nest and close, attributes are quoted, `&` starts a
 * reference, nothing XML forbids), and a PNG's signature and IHDR size.
 */
import { expect } from 'vitest';

const NAME = /^[A-Za-z_][\w.:-]*/;
const REFERENCE = /^&(#\d+|#x[0-9a-fA-F]+|lt|gt|amp|quot|apos);/;
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

function checkText(text: string, where: number): void {
  if (FORBIDDEN.test(text)) throw new Error(`a character XML forbids near ${where}`);
  for (let i = text.indexOf('&'); i !== -1; i = text.indexOf('&', i + 1)) {
    if (!REFERENCE.test(text.slice(i)))
      throw new Error(`a bare & near ${where + i}: ${JSON.stringify(text.slice(i, i + 20))}`);
  }
}

/** Throws, saying where, unless `xml` is one well-formed element (after an optional declaration). */
export function assertWellFormed(xml: string): void {
  const open: string[] = [];
  let roots = 0;
  let i = 0;
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const text = xml.slice(i, lt === -1 ? xml.length : lt);
    if (open.length === 0 && text.trim() !== '') throw new Error(`text outside the root near ${i}`);
    checkText(text, i);
    if (lt === -1) break;
    if (xml.startsWith('<?', lt) || xml.startsWith('<!--', lt)) {
      const end = xml.indexOf(xml.startsWith('<?', lt) ? '?>' : '-->', lt + 2);
      if (end === -1) throw new Error(`unclosed declaration or comment at ${lt}`);
      i = end + 2;
      continue;
    }
    if (xml.startsWith('</', lt)) {
      const name = NAME.exec(xml.slice(lt + 2))?.[0];
      if (name === undefined || xml[lt + 2 + name.length] !== '>') throw new Error(`bad end tag at ${lt}`);
      if (open.pop() !== name) throw new Error(`</${name}> closes another element at ${lt}`);
      i = lt + 3 + name.length;
      continue;
    }
    const name = NAME.exec(xml.slice(lt + 1))?.[0];
    if (name === undefined) throw new Error(`a bare < at ${lt}`);
    if (open.length === 0 && roots++ > 0) throw new Error(`a second root at ${lt}`);
    let j = lt + 1 + name.length;
    const seen = new Set<string>();
    for (;;) {
      const rest = xml.slice(j);
      const space = /^\s*/.exec(rest)![0].length;
      j += space;
      if (xml.startsWith('/>', j)) {
        j += 2;
        break;
      }
      if (xml[j] === '>') {
        open.push(name);
        j += 1;
        break;
      }
      const attr = space > 0 ? NAME.exec(xml.slice(j))?.[0] : undefined;
      if (attr === undefined) throw new Error(`bad attribute in <${name}> at ${j}`);
      if (seen.has(attr)) throw new Error(`${attr} twice in <${name}> at ${j}`);
      seen.add(attr);
      const value = /^\s*=\s*("([^"<]*)"|'([^'<]*)')/.exec(xml.slice(j + attr.length));
      if (value === null) throw new Error(`unquoted or broken ${attr} in <${name}> at ${j}`);
      checkText(value[2] ?? value[3] ?? '', j);
      j += attr.length + value[0].length;
    }
    i = j;
  }
  if (open.length > 0) throw new Error(`unclosed <${open.join('>, <')}>`);
  if (roots !== 1) throw new Error('no root element');
}

/** A PNG: its signature, then the IHDR chunk with the expected width and height. */
export function expectPng(bytes: Uint8Array, width: number, height: number): void {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(new TextDecoder().decode(bytes.subarray(12, 16))).toBe('IHDR');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  expect([view.getUint32(16), view.getUint32(20)]).toEqual([width, height]);
}
