/**
 * The fixes the server proposes for a problem: a list of edits to the very text it checked. They
 * are applied all at once, in one step the owner can undo, and only to that same text: if the draft
 * changed since it was checked, the edits no longer point at the right places and the draft is
 * checked again instead.
 */
import { Text, type ChangeSpec, type EditorState, type TransactionSpec } from '@codemirror/state';
import { rangeAt } from './positions.ts';
import type { Edit } from './types.ts';

/** The edits as changes to the checked text, in order, leaving out any that overlaps one before it. */
export function fixChanges(checked: Text, edits: readonly Edit[]): { from: number; to: number; insert: string }[] {
  const changes = edits.map((edit) => ({ ...rangeAt(checked, edit), insert: edit.text })).sort((a, b) => a.from - b.from || a.to - b.to);
  const kept: { from: number; to: number; insert: string }[] = [];
  for (const change of changes) {
    const last = kept.at(-1);
    if (last && change.from < last.to) continue;
    kept.push(change);
  }
  return kept;
}

/** The text as CodeMirror holds it. */
export const textOf = (text: string): Text => Text.of(text.split(/\r\n?|\n/));

/**
 * One transaction making every edit of a fix, or null when the editor's text is no longer the text
 * the server checked (the caller asks for a fresh check).
 */
export function fixTransaction(state: EditorState, checked: string, edits: readonly Edit[]): TransactionSpec | null {
  const checkedDoc = textOf(checked);
  if (!state.doc.eq(checkedDoc)) return null;
  const changes = fixChanges(checkedDoc, edits);
  const first = changes[0]?.from ?? state.selection.main.head;
  return { changes: changes satisfies ChangeSpec[], selection: { anchor: first }, scrollIntoView: true, userEvent: 'input.fix' };
}
