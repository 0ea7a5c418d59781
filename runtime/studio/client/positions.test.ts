import { describe, expect, it } from 'vitest';
import { Text } from '@codemirror/state';
import { offsetAt, rangeAt } from './positions.ts';

const doc = Text.of(['name: Bright Smile', 'pages:', '  - path: /', '']);

describe('offsetAt', () => {
  it('turns a line and column counted from 1 into an offset', () => {
    expect(offsetAt(doc, 1, 1)).toBe(0);
    expect(offsetAt(doc, 1, 7)).toBe(6);
    expect(offsetAt(doc, 2, 1)).toBe(19);
    expect(offsetAt(doc, 3, 5)).toBe(19 + 7 + 4);
  });

  it('clamps a column past the end of its line to the line’s end', () => {
    expect(offsetAt(doc, 2, 99)).toBe(19 + 6);
  });

  it('clamps a line past the last to the end of the document, and one before the first to its start', () => {
    expect(offsetAt(doc, 40, 3)).toBe(doc.length);
    expect(offsetAt(doc, 0, 5)).toBe(0);
    expect(offsetAt(doc, -2, 1)).toBe(0);
  });

  it('reads a column of 0, a negative or a missing one as the line’s start', () => {
    expect(offsetAt(doc, 2, 0)).toBe(19);
    expect(offsetAt(doc, 2, -4)).toBe(19);
    expect(offsetAt(doc, 2, Number.NaN)).toBe(19);
  });
});

describe('rangeAt', () => {
  it('gives the span from line:col up to, not including, endLine:endCol', () => {
    const { from, to } = rangeAt(doc, { line: 1, col: 7, endLine: 1, endCol: 13 });
    expect(doc.sliceString(from, to)).toBe('Bright');
  });

  it('spans lines', () => {
    const { from, to } = rangeAt(doc, { line: 2, col: 1, endLine: 3, endCol: 4 });
    expect(doc.sliceString(from, to)).toBe('pages:\n  -');
  });

  it('never runs backwards, and stays inside the document', () => {
    expect(rangeAt(doc, { line: 3, col: 5, endLine: 1, endCol: 1 })).toEqual({ from: 30, to: 30 });
    expect(rangeAt(doc, { line: 3, col: 1, endLine: 9, endCol: 9 })).toEqual({ from: 26, to: doc.length });
  });
});
