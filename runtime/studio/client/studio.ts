/**
 * The studio: the owner's site document in an editor, checked and saved as they type, with a live
 * preview, their pictures and documents, and publishing. Each part lives in its own module; this
 * one connects them to the page the server drew.
 */
import { setDiagnostics } from '@codemirror/lint';
import type { EditorView } from '@codemirror/view';
import { Offline, errorOf, postJson, type Answer } from './api.ts';
import { DraftChecker } from './checker.ts';
import { toDiagnostics } from './diagnostics.ts';
import { createEditor, goToLine, insertAtCursor } from './editor.ts';
import { fixTransaction, textOf } from './fixes.ts';
import { startMedia } from './media.ts';
import { baseOf, el, readStudioPage, type StudioPage } from './page.ts';
import { Preview } from './preview.ts';
import { showProblems, showStatus } from './problem-list.ts';
import { startPublish } from './publish.ts';
import { loadSchemaAssist } from './schema-assist.ts';
import { startTabs } from './tabs.ts';
import type { DraftAnswer, Problem } from './types.ts';

/** How long a pause in typing is before the draft is saved and checked. */
const PAUSE = 400;
/** How long the cursor rests on a line before the preview follows it. */
const FOLLOW = 150;

/** The editor pane: the form and the media beside it, one tab on a phone. */
function editPane(page: StudioPage): HTMLElement {
  const pane = el('div', 'studio-edit-pane');
  pane.id = 'studio-edit-pane';
  page.form.before(pane);
  pane.append(page.form);
  if (page.media) pane.append(page.media);
  return pane;
}

/** Starts the studio on its page; leaves the page as it is (plain forms) if it is not the page expected. */
export function startStudio(root: HTMLElement): void {
  const page = readStudioPage(root);
  if (!page) return;
  root.classList.add('studio-ready');
  const tabs = startTabs(root, [editPane(page), page.previewPane], ['Editor', 'Preview']);
  const latest = { text: page.textarea.value, problems: [] as Problem[], errors: 0 };
  let followTimer: ReturnType<typeof setTimeout> | undefined;
  /** The text the preview shows: the saved draft it was drawn from. */
  let previewed = page.textarea.value;

  const view: EditorView = createEditor({
    textarea: page.textarea,
    nonce: page.nonce,
    onChange: () => checker.changed(),
    onLine: (line) => {
      clearTimeout(followTimer);
      followTimer = setTimeout(() => preview.follow(line), FOLLOW);
    },
  });
  const goTo = (line: number, col = 1) => {
    tabs.show(0);
    goToLine(view, line, col);
  };

  const fix = (problem: Problem) => {
    const spec = fixTransaction(view.state, latest.text, problem.edits ?? []);
    if (!spec) {
      showStatus(page, 'The text changed since it was checked; checking it again…');
      void checker.now();
      return;
    }
    view.dispatch(spec);
    view.focus();
  };

  /** Shows the problems found in `text`, if that is still the editor's text; otherwise asks again. */
  const applyCheck = (problems: Problem[], text: string) => {
    if (!view.state.doc.eq(textOf(text))) {
      void checker.now();
      return;
    }
    latest.text = text;
    latest.problems = problems;
    latest.errors = problems.filter((p) => p.severity === 'error').length;
    view.dispatch(setDiagnostics(view.state, toDiagnostics(view.state.doc, problems, fix)));
    showProblems(page, problems, { goTo: (p) => goTo(p.line, p.col), fix });
  };

  const checker = new DraftChecker<Answer<Partial<DraftAnswer> & { error?: string }>>({
    delay: PAUSE,
    text: () => view.state.doc.toString(),
    send: (text) => postJson(page.urls.draft, page.csrf, { text, base: baseOf(page) }),
    onAnswer: ({ status, body }, text) => {
      // A newer text of this owner was checked in its place: its own answer follows.
      if (status === 200 && body.superseded) return;
      // Past the size limit: not kept, and the problem says where the limit is passed.
      if (status === 200 && body.saved === false && Array.isArray(body.problems)) {
        applyCheck(body.problems, text);
        showStatus(page, `Your draft was not saved: ${body.problems[0]?.detail ?? 'it is too large.'}`, 'error');
        return;
      }
      if (status === 200 && body.saved && Array.isArray(body.problems)) {
        applyCheck(body.problems, text);
        if (latest.errors === 0 && text !== previewed) {
          previewed = text;
          preview.reload();
        }
      } else {
        showStatus(page, `Your draft was not saved: ${errorOf(body, `the server answered ${status}.`)}`, 'error');
      }
    },
    onError: (error) => {
      const why = error instanceof Offline ? error.message : 'something went wrong.';
      showStatus(page, `Your draft was not saved: ${why} Keep this page open; it is saved with your next change.`, 'error');
    },
  });

  const preview = new Preview({ iframe: page.preview, select: page.pageSelect, base: page.urls.preview, onBlock: (line) => goTo(line) });
  startMedia({
    upload: page.upload,
    file: page.file,
    list: page.mediaList,
    url: page.urls.media,
    csrf: page.csrf,
    insert: (path) => {
      tabs.show(0);
      insertAtCursor(view, path);
    },
  });
  startPublish({ page, view, errors: () => latest.errors, onProblems: applyCheck });

  // Leaving with a change not yet saved asks first; hiding the page (a phone switching apps) saves at once.
  window.addEventListener('beforeunload', (event) => {
    if (checker.pending) event.preventDefault();
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden' && checker.pending) void checker.now();
  });

  void checker.now();
  setTimeout(() => void loadSchemaAssist(view, page.urls.schema).catch(() => undefined), 0);
}
