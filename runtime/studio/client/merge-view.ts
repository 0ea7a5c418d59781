/**
 * Two versions of a site document side by side, for the compare page and for a publish that
 * raced another. Both sides are YAML, named for screen readers, and usable by keyboard: Alt+↓ and
 * Alt+↑ go to the next and previous change, and on an editable side Alt+Enter takes the other
 * side's version of the change at the cursor (what the arrow buttons between them do by mouse).
 */
import { MergeView, getChunks, goToNextChunk, goToPreviousChunk, mergeViewSiblings } from '@codemirror/merge';
import { yaml } from '@codemirror/lang-yaml';
import { EditorState, Prec, type Extension } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { basicSetup } from 'codemirror';

export interface Side {
  text: string;
  label: string;
  editable?: boolean;
}

export interface MergeOptions {
  parent: HTMLElement;
  nonce: string;
  a: Side;
  b: Side;
  /** Fold long stretches that are the same on both sides. */
  collapse?: boolean;
}

/** Takes A's version of the change at B's cursor into B (what the revert arrows do, which answer only to a mouse). */
function takeOther(view: EditorView): boolean {
  const pair = mergeViewSiblings(view);
  if (!pair || view !== pair.b || view.state.readOnly) return false;
  const head = view.state.selection.main.head;
  const chunk = getChunks(view.state)?.chunks.find((c) => head >= c.fromB && head <= Math.max(c.fromB, c.endB));
  if (!chunk) return false;
  let insert = pair.a.state.sliceDoc(chunk.fromA, Math.max(chunk.fromA, chunk.toA - 1));
  if (chunk.fromA !== chunk.toA && chunk.toB <= view.state.doc.length) insert += view.state.lineBreak;
  view.dispatch({ changes: { from: chunk.fromB, to: Math.min(view.state.doc.length, chunk.toB), insert }, userEvent: 'revert' });
  return true;
}

function side(options: MergeOptions, which: Side): { doc: string; extensions: Extension } {
  const editable = which.editable === true;
  return {
    doc: which.text,
    extensions: [
      basicSetup,
      yaml(),
      EditorView.lineWrapping,
      EditorView.cspNonce.of(options.nonce),
      EditorState.readOnly.of(!editable),
      EditorView.contentAttributes.of({ 'aria-label': `${which.label}${editable ? '' : ' (read only)'}`, tabindex: '0' }),
      Prec.high(
        keymap.of([
          { key: 'Alt-ArrowDown', run: (view) => goToNextChunk(view) || true },
          { key: 'Alt-ArrowUp', run: (view) => goToPreviousChunk(view) || true },
          { key: 'Alt-Enter', run: takeOther },
        ]),
      ),
    ],
  };
}

/** Draws the two versions side by side in `parent`. */
export function mergeView(options: MergeOptions): MergeView {
  return new MergeView({
    parent: options.parent,
    a: side(options, options.a),
    b: side(options, options.b),
    revertControls: options.b.editable ? 'a-to-b' : undefined,
    highlightChanges: true,
    gutter: true,
    collapseUnchanged: options.collapse ? { margin: 3, minSize: 6 } : undefined,
  });
}
