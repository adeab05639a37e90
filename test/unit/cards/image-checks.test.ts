/** The card checks themselves refuse what they must (a check that cannot fail proves nothing). */
import { describe, expect, it } from 'vitest';
import { assertWellFormed, expectPng } from '../../helpers/cards/image.ts';

describe('assertWellFormed', () => {
  it('accepts a well-formed document', () => {
    expect(() =>
      assertWellFormed('<?xml version="1.0"?><svg a="1" b=\'&amp;\'><g><text>a &#60; b &lt;</text></g><rect/></svg>'),
    ).not.toThrow();
  });

  it.each([
    ['a bare &', '<svg><text>Tom & Jerry</text></svg>'],
    ['a bare <', '<svg><text>a < b</text></svg>'],
    ['a quote closing an attribute early', '<svg><text x="a"b"/></svg>'],
    ['a < in an attribute', '<svg x="<"/>'],
    ['crossed elements', '<svg><g><text></g></text></svg>'],
    ['an unclosed element', '<svg><g></svg>'],
    ['two roots', '<svg/><svg/>'],
    ['a control character', '<svg><text>a\u0001</text></svg>'],
    ['a repeated attribute', '<svg x="1" x="2"/>'],
  ])('refuses %s', (_, xml) => {
    expect(() => assertWellFormed(xml)).toThrow();
  });
});

describe('expectPng', () => {
  it('refuses bytes that are not a PNG of that size', () => {
    const png = new Uint8Array([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 4, 176, 0, 0, 2, 118,
    ]);
    expect(() => expectPng(png, 1200, 630)).not.toThrow();
    expect(() => expectPng(png, 630, 1200)).toThrow();
    expect(() => expectPng(new TextEncoder().encode('<svg/>'.padEnd(24)), 1200, 630)).toThrow();
  });
});
