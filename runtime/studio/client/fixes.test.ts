import { describe, expect, it } from 'vitest';
import { history, undo } from '@codemirror/commands';
import { EditorState } from '@codemirror/state';
import { fixChanges, fixTransaction, textOf } from './fixes.ts';
import type { Edit } from './types.ts';

const checked = ['pages:', '  - path: /', '    blocks:', '      - type: spotlihgt', '        titel: Welcome', ''].join('\n');

const apply = (text: string, edits: Edit[]) => {
  const state = EditorState.create({ doc: text });
  const spec = fixTransaction(state, checked, edits);
  return spec && state.update(spec);
};

describe('fixTransaction', () => {
  it('applies one edit', () => {
    const tr = apply(checked, [{ line: 4, col: 15, endLine: 4, endCol: 24, text: 'spotlight' }]);
    expect(tr?.state.doc.toString()).toContain('- type: spotlight\n');
  });

  it('applies every edit in one transaction, each at its place in the checked text', () => {
    const edits: Edit[] = [
      // Given last-first, and the first one changes the length of an earlier line.
      { line: 5, col: 9, endLine: 5, endCol: 14, text: 'title' },
      { line: 4, col: 15, endLine: 4, endCol: 24, text: 'spotlight' },
      { line: 1, col: 1, endLine: 1, endCol: 1, text: '# site\n' },
    ];
    const tr = apply(checked, edits);
    expect(tr?.state.doc.toString()).toBe(
      ['# site', 'pages:', '  - path: /', '    blocks:', '      - type: spotlight', '        title: Welcome', ''].join('\n'),
    );
    expect(tr?.isUserEvent('input')).toBe(true);
  });

  it('is one step: a single undo takes every edit back', () => {
    let state = EditorState.create({ doc: checked, extensions: [history()] });
    const spec = fixTransaction(state, checked, [
      { line: 5, col: 9, endLine: 5, endCol: 14, text: 'title' },
      { line: 4, col: 15, endLine: 4, endCol: 24, text: 'spotlight' },
    ]);
    state = state.update(spec!).state;
    expect(state.doc.toString()).not.toBe(checked);
    undo({ state, dispatch: (tr) => (state = tr.state) });
    expect(state.doc.toString()).toBe(checked);
  });

  it('inserts and deletes across lines', () => {
    const tr = apply(checked, [{ line: 3, col: 12, endLine: 5, endCol: 23, text: ' []' }]);
    expect(tr?.state.doc.toString()).toBe('pages:\n  - path: /\n    blocks: []\n');
  });

  it('refuses when the text changed since it was checked', () => {
    expect(apply(`${checked}# more\n`, [{ line: 4, col: 15, endLine: 4, endCol: 24, text: 'spotlight' }])).toBeNull();
  });

  it('takes a checked text with Windows line endings as the same text', () => {
    const state = EditorState.create({ doc: checked });
    const spec = fixTransaction(state, checked.replaceAll('\n', '\r\n'), [{ line: 4, col: 15, endLine: 4, endCol: 24, text: 'spotlight' }]);
    expect(spec && state.update(spec).state.doc.line(4).text).toBe('      - type: spotlight');
  });
});

describe('fixChanges', () => {
  it('orders the edits and leaves out one that overlaps another', () => {
    const changes = fixChanges(textOf('abcdef'), [
      { line: 1, col: 4, endLine: 1, endCol: 6, text: 'X' },
      { line: 1, col: 1, endLine: 1, endCol: 3, text: 'Y' },
      { line: 1, col: 5, endLine: 1, endCol: 7, text: 'Z' },
    ]);
    expect(changes).toEqual([
      { from: 0, to: 2, insert: 'Y' },
      { from: 3, to: 5, insert: 'X' },
    ]);
  });

  it('clamps edits that point past the end of the text', () => {
    expect(fixChanges(textOf('ab'), [{ line: 3, col: 1, endLine: 3, endCol: 1, text: '\nc' }])).toEqual([{ from: 2, to: 2, insert: '\nc' }]);
  });
});
