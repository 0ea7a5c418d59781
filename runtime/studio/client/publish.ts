/**
 * Publishing from the studio. The form still posts without JavaScript; here Publish sends the draft
 * as JSON and says what happened in the status line: the new version with a link to the live site,
 * the problems that stop it, or — when someone published since this draft began — the side-by-side
 * view for bringing the two together.
 */
import type { EditorView } from '@codemirror/view';
import { Offline, errorOf, postJson } from './api.ts';
import { replaceAll } from './editor.ts';
import { showStatus } from './problem-list.ts';
import { baseOf, el, setBase, type StudioPage } from './page.ts';
import type { ConflictActions } from './conflict.ts';
import type { Problem, PublishConflict } from './types.ts';

export interface PublishOptions {
  page: StudioPage;
  view: EditorView;
  /** How many errors the latest check found. */
  errors: () => number;
  /** The server refused the draft for these problems, found in this text. */
  onProblems: (problems: Problem[], text: string) => void;
}

type PublishAnswer = { version?: number; error?: string; problems?: Problem[] } & Partial<PublishConflict>;

/** The live page the preview shows, on the public site. */
function liveLink(page: StudioPage): HTMLAnchorElement {
  const path = page.pageSelect?.value ?? '/';
  const link = el('a', '', 'See it on the site');
  link.href = page.urls.site + path.replace(/^\//, '');
  return link;
}

/** Intercepts the publish form. */
export function startPublish(options: PublishOptions): void {
  const { page, view } = options;
  let busy = false;

  const publish = async (text: string, base: number): Promise<void> => {
    if (busy) return;
    busy = true;
    page.publish.disabled = true;
    page.publish.setAttribute('aria-busy', 'true');
    showStatus(page, 'Publishing…');
    try {
      const { status, body } = await postJson<PublishAnswer>(page.urls.publish, page.csrf, { text, base, message: page.message.value });
      if (status === 200 && typeof body.version === 'number') {
        setBase(page, body.version);
        page.message.value = '';
        if (hideConflict(page)) view.focus();
        showStatus(page, [`Published version ${body.version}. `, liveLink(page)], 'ok');
      } else if (status === 409 && typeof body.current === 'number' && typeof body.text === 'string') {
        showStatus(page, `Not published: ${errorOf(body, 'someone published since you began.')}`, 'error');
        await showConflict(page, body as PublishConflict, view.state.doc.toString(), {
          publish: (merged, current) => {
            replaceAll(view, merged);
            setBase(page, current);
            return publish(merged, current);
          },
          discard: (published, current) => {
            replaceAll(view, published);
            setBase(page, current);
            hideConflict(page);
            showStatus(page, `Your draft is now version ${current} as published.`, 'ok');
            view.focus();
          },
        });
      } else {
        if (status === 422 && Array.isArray(body.problems)) options.onProblems(body.problems, text);
        showStatus(page, `Not published: ${errorOf(body, `the server answered ${status}.`)}`, 'error');
      }
    } catch (error) {
      const why = error instanceof Offline ? error.message : 'something went wrong.';
      showStatus(page, `Not published: ${why} Your draft is still here; try again.`, 'error');
    } finally {
      busy = false;
      page.publish.removeAttribute('aria-busy');
      page.publish.disabled = options.errors() > 0;
    }
  };

  page.form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (options.errors() > 0) {
      showStatus(page, 'Fix the errors listed above before publishing.', 'error');
      return;
    }
    void publish(view.state.doc.toString(), baseOf(page));
  });
}

/** Shows the conflict view (loading the merge view only now: conflicts are rare). */
async function showConflict(page: StudioPage, conflict: PublishConflict, draft: string, actions: ConflictActions): Promise<void> {
  const { renderConflict } = await import('./conflict.ts');
  renderConflict(page.conflict, page.nonce, conflict, draft, actions);
}

/** Closes the conflict view; whether it was open. */
function hideConflict(page: StudioPage): boolean {
  if (page.conflict.hidden) return false;
  page.conflict.dispatchEvent(new Event('studio:close'));
  page.conflict.hidden = true;
  page.conflict.replaceChildren();
  return true;
}
