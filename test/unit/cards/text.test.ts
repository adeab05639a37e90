/** D29: text put into a card is escaped, cleaned of what XML forbids, and fitted to its box. */
import { describe, expect, it } from 'vitest';
import { cleanText, fitLines, textWidth, xmlText } from '../../../core/cards/text.ts';
import { assertWellFormed } from '../../helpers/cards/image.ts';

describe('xmlText', () => {
  it('writes every XML-reserved character as a reference', () => {
    expect(xmlText(`<b>"Tom" & 'Jerry'</b>`)).toBe('&#60;b&#62;&#34;Tom&#34; &#38; &#39;Jerry&#39;&#60;/b&#62;');
    expect(() =>
      assertWellFormed(`<t a="${xmlText(`"><x y='`)}">${xmlText(']]> <!-- & <![CDATA[')}</t>`),
    ).not.toThrow();
  });

  it('drops what XML 1.0 forbids (controls, unpaired surrogates, U+FFFE) and folds white space', () => {
    expect(cleanText('a\u0000b\u0007c\u001Fd\uFFFEe\uD800f \t\n g')).toBe('abcdef g');
    expect(cleanText('emoji \uD83C\uDFB5 stays')).toBe('emoji \uD83C\uDFB5 stays');
  });
});

describe('fitLines', () => {
  it('keeps short text whole, on one line', () => {
    expect(fitLines('Discovery', 510, 56, 2, true)).toEqual(['Discovery']);
    expect(fitLines('Around the World', 510, 56, 2, true)).toEqual(['Around the', 'World']);
  });

  it('wraps at spaces and ends with an ellipsis when the text is longer than the lines allowed', () => {
    const long = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    const lines = fitLines(long, 510, 56, 2, true);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/…$/);
    for (const line of lines) expect(textWidth(line, 56, true)).toBeLessThanOrEqual(510);
    expect(lines.join(' ').replace('…', '')).toBe(long.slice(0, lines.join(' ').length - 1));
  });

  it('cuts a single word wider than the line, and counts wide characters as wide', () => {
    const [line] = fitLines('x'.repeat(500), 300, 28, 1);
    expect(line).toMatch(/^x+…$/);
    expect(textWidth(line!, 28)).toBeLessThanOrEqual(300);
    expect(textWidth('日本語', 28)).toBeGreaterThan(textWidth('abc', 28));
    const [cjk] = fitLines('日'.repeat(100), 300, 28, 1);
    expect([...cjk!].length).toBeLessThan(12);
  });

  it('answers nothing for empty or blank text', () => {
    expect(fitLines('', 500, 20, 1)).toEqual([]);
    expect(fitLines(' \u0001 ', 500, 20, 1)).toEqual([]);
  });
});
