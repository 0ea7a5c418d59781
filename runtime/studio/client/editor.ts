/**
 * The YAML editor that takes the textarea's place. The textarea stays in the form, hidden and kept
 * in step, so publishing without JavaScript's help still sends the text. The editor is named by the
 * textarea's label, wraps long lines for phones, and never traps the keyboard: Tab indents, but
 * Escape then Tab (or Ctrl+M, which switches Tab to moving focus) leaves it. A short line under the
 * editor says so.
 */
import { basicSetup } from 'codemirror';
import { indentWithTab } from '@codemirror/commands';
import { yaml } from '@codemirror/lang-yaml';
import { lintGutter } from '@codemirror/lint';
import { Compartment, EditorState } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { el } from './page.ts';

export interface EditorOptions {
  textarea: HTMLTextAreaElement;
  nonce: string;
  /** The text changed (the owner typed, or a fix or an insert changed it). */
  onChange: () => void;
  /** The cursor moved to another line (counted from 1). */
  onLine: (line: number) => void;
}

/** Where the schema's completion and hover go once they have loaded. */
export const schemaAssist = new Compartment();

const isMac = () => /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** The keys the editor answers to, said plainly under it. */
function keysHint(): HTMLElement {
  const mod = isMac() ? '⌘' : 'Ctrl+';
  const hint = el('p', 'studio-hint');
  hint.id = 'studio-keys';
  hint.textContent =
    `Tab indents; Shift+Tab outdents. To leave the editor by keyboard, press Esc then Tab (or ${isMac() ? 'Shift+Alt+M' : 'Ctrl+M'} to let Tab move focus). ` +
    `${mod}F finds, ${mod}Space suggests, F8 goes to the next problem, ${mod}Z undoes.`;
  return hint;
}

/** The label of the textarea, with an id so the editor can name itself by it. */
function labelOf(textarea: HTMLTextAreaElement): HTMLLabelElement | null {
  const label = textarea.labels?.[0] ?? null;
  if (label && !label.id) label.id = `${textarea.id || 'studio-text'}-label`;
  return label;
}

/** Replaces the textarea with the editor and returns it. */
export function createEditor(options: EditorOptions): EditorView {
  const { textarea } = options;
  const label = labelOf(textarea);
  const hint = keysHint();
  let line = 1;
  const named: Record<string, string> = label ? { 'aria-labelledby': label.id } : { 'aria-label': 'Site document (YAML)' };
  const state = EditorState.create({
    doc: textarea.value,
    extensions: [
      basicSetup,
      yaml(),
      keymap.of([indentWithTab]),
      lintGutter(),
      EditorView.lineWrapping,
      EditorView.cspNonce.of(options.nonce),
      EditorView.contentAttributes.of({ ...named, tabindex: '0', 'aria-describedby': hint.id, spellcheck: 'false', autocapitalize: 'off', autocorrect: 'off' }),
      schemaAssist.of([]),
      EditorView.updateListener.of((update) => {
        if (update.docChanged) {
          textarea.value = update.state.doc.toString();
          options.onChange();
        }
        if (update.docChanged || update.selectionSet) {
          const now = update.state.doc.lineAt(update.state.selection.main.head).number;
          if (now !== line) options.onLine((line = now));
        }
      }),
    ],
  });
  const holder = el('div', 'studio-editor');
  textarea.after(holder, hint);
  const view = new EditorView({ state, parent: holder });
  textarea.hidden = true;
  label?.addEventListener('click', (event) => {
    event.preventDefault();
    view.focus();
  });
  return view;
}

/** Puts the cursor at the start of a line (from 1), shows it near the top, and gives the editor focus. */
export function goToLine(view: EditorView, line: number, col = 1): void {
  const doc = view.state.doc;
  const at = doc.line(Math.min(Math.max(1, line), doc.lines));
  const pos = Math.min(at.from + Math.max(0, col - 1), at.to);
  view.dispatch({ selection: { anchor: pos }, effects: EditorView.scrollIntoView(pos, { y: 'start', yMargin: 40 }) });
  view.focus();
}

/** Inserts text at the cursor (in place of any selection) and gives the editor focus. */
export function insertAtCursor(view: EditorView, text: string): void {
  view.dispatch(view.state.replaceSelection(text), { scrollIntoView: true, userEvent: 'input.paste' });
  view.focus();
}

/** Replaces the whole text (taking the published version, or a merged one), undoably. */
export function replaceAll(view: EditorView, text: string): void {
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, userEvent: 'input.replace' });
}
