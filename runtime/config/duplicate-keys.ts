/** A key set twice in one group of keys: where it was first set, and the fix that removes the second with its value's lines. */
import type { LineCounter, YAMLError } from 'yaml';
import type { Edit, Problem } from './problem.ts';
import { indentOf } from './yaml-structure.ts';

/** Where a duplicated key was first set: the same key at the same column, in the same group of keys. */
function firstSetting(lines: string[], line: number, indent: number, key: string): number {
  for (let n = line - 1; n > 0; n--) {
    const text = lines[n - 1] ?? '';
    if (!text.trim() || /^\s*#/.test(text)) continue;
    const item = /^(\s*)- /.exec(text);
    const at = item ? (item[1] as string).length + 2 : indentOf(text);
    if (at < indent) return 0;
    if (at === indent && new RegExp(`^\\s*(- )?${key.replace(/[-]/g, '\\-')}:`).test(text)) return n;
    // The first key of this list item: the group of keys starts here.
    if (item && at === indent) return 0;
  }
  return 0;
}

/** Every key set twice, from the parser's DUPLICATE_KEY errors. */
export function duplicateKeys(errors: readonly YAMLError[], counter: LineCounter, file: string, lines: string[]): Problem[] {
  return errors
    .filter((e) => e.code === 'DUPLICATE_KEY')
    .map((error) => {
      const pos = counter.linePos(error.pos[0]);
      const line = lines[pos.line - 1] ?? '';
      const key = /^[\w-]+/.exec(line.slice(pos.col - 1))?.[0] ?? '';
      const indent = pos.col - 1;
      const first = firstSetting(lines, pos.line, indent, key);
      // This key and the lines of its value (indented further), up to the next key of the group.
      let last = pos.line;
      while (last < lines.length && ((lines[last] ?? '').trim() === '' || indentOf(lines[last] ?? '') > indent)) last++;
      while (last > pos.line && !(lines[last - 1] ?? '').trim()) last--;
      const dashed = /^\s*- $/.test(line.slice(0, pos.col - 1));
      const edit: Edit = dashed
        ? { line: pos.line, col: pos.col, endLine: last + 1, endCol: indent + 1, text: '' }
        : { line: pos.line, col: 1, endLine: last + 1, endCol: 1, text: '' };
      return {
        code: 'SW_DUPLICATE_KEY' as const,
        severity: 'error' as const,
        file,
        line: pos.line,
        col: pos.col,
        length: Math.max(1, key.length),
        detail: `"${key}" is already set${first ? ` on line ${first}` : ''} in this same group of keys; only one can be kept.`,
        fix: `remove this "${key}"${first ? ` and keep the one on line ${first}` : ''}, or move it where it belongs.`,
        ...(!dashed || last > pos.line ? { edits: [edit] } : {}),
      };
    });
}
