/**
 * @module
 * The text put into a card's SVG, made safe and made to fit. Safe: every character XML
 * reserves is written as a reference, and what XML 1.0 forbids in a document (control
 * characters, unpaired surrogates, U+FFFE/U+FFFF) is dropped, so any upstream title yields a
 * well-formed document. Fitting: the card has no layout engine (a browser lays out SVG text
 * when it shows it, resvg when it rasterises), so widths are estimated from DejaVu Sans'
 * proportions, the font the PNG is drawn with, and erring wide: a long name is cut at a word
 * with an ellipsis rather than run off the card. Measured against resvg's own layout of
 * twenty names and fact lines at 56 px, regular and bold: 1.00 to 1.37 times the width drawn.
 */

const FORBIDDEN =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text as one clean line: XML-forbidden characters gone, every run of white space one space. */
export function cleanText(text: string): string {
  return text.replace(FORBIDDEN, '').replace(/\s+/g, ' ').trim();
}

/** For an SVG text node or attribute value: `<`, `>`, `&`, `'` and `"` as character references. */
export function xmlText(text: string): string {
  return cleanText(text).replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** Advance of one character, in ems, from DejaVu Sans' metrics rounded up (bold is wider still). */
function advance(ch: string): number {
  const code = ch.codePointAt(0)!;
  if (
    code >= 0x1100 &&
    (code <= 0x115f ||
      (code >= 0x2e80 && code <= 0xa4cf) ||
      (code >= 0xac00 && code <= 0xd7a3) ||
      (code >= 0xf900 && code <= 0xfaff) ||
      (code >= 0xfe30 && code <= 0xfe4f) ||
      (code >= 0xff00 && code <= 0xff60) ||
      code >= 0x1f300)
  )
    return 1;
  if (ch === ' ') return 0.35;
  if (/[iIjl.,:;!'|()[\]{}]/.test(ch)) return 0.38;
  if (/[frt]/.test(ch)) return 0.52;
  if (/[MWmw@%]/.test(ch)) return 1;
  if (/[A-Z]/.test(ch)) return 0.76;
  return 0.64;
}

/** Estimated width in pixels of `text` at `size` px (bold adds 8 %). */
export function textWidth(text: string, size: number, bold = false): number {
  let ems = 0;
  for (const ch of text) ems += advance(ch);
  return ems * size * (bold ? 1.08 : 1);
}

const ELLIPSIS = '…';

/** The longest start of `text` that fits `width` with an ellipsis, cut at a word when one is near. */
function cut(text: string, width: number, size: number, bold: boolean): string {
  const chars = [...text];
  let fits = 0;
  let used = textWidth(ELLIPSIS, size, bold);
  for (const ch of chars) {
    used += textWidth(ch, size, bold);
    if (used > width) break;
    fits++;
  }
  const start = chars.slice(0, fits).join('');
  const space = start.lastIndexOf(' ');
  const atWord = space > start.length * 0.6 ? start.slice(0, space) : start;
  return `${atWord.replace(/[\s,;:.–-]+$/, '')}${ELLIPSIS}`;
}

/**
 * `text` wrapped at spaces into at most `maxLines` lines of at most `width` px; the last line
 * ends with an ellipsis when the text does not fit. A word wider than a line is cut.
 */
export function fitLines(text: string, width: number, size: number, maxLines: number, bold = false): string[] {
  const words = cleanText(text).split(' ').filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const tried = line === '' ? word : `${line} ${word}`;
    if (textWidth(tried, size, bold) <= width) {
      line = tried;
      continue;
    }
    if (lines.length === maxLines - 1) return [...lines, cut(tried, width, size, bold)];
    if (line === '') {
      lines.push(cut(word, width, size, bold));
      continue;
    }
    lines.push(line);
    line = textWidth(word, size, bold) <= width ? word : cut(word, width, size, bold);
  }
  if (line !== '') lines.push(line);
  return lines;
}
