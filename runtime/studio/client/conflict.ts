/**
 * When someone published while the owner was editing: the site as published now on one side (read
 * only) and the owner's draft on the other (editable), so they can bring over what they need and
 * publish the result on top of the new version — or drop their draft and take the published text.
 * Loaded only when it happens.
 */
import type { MergeView } from '@codemirror/merge';
import { mergeView } from './merge-view.ts';
import { el } from './page.ts';
import type { PublishConflict } from './types.ts';

export interface ConflictActions {
  publish: (merged: string, current: number) => Promise<void>;
  discard: (published: string, current: number) => void;
}

const button = (text: string, className: string) => {
  const b = el('button', className, text);
  b.type = 'button';
  return b;
};

/** Who published, and when, in a sentence. */
function whoAndWhen(conflict: PublishConflict): string {
  const who = conflict.author ? ` by ${conflict.author}` : '';
  const at = conflict.at ? new Date(conflict.at) : null;
  const when = at && !Number.isNaN(at.getTime()) ? `, ${at.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}` : '';
  return `Version ${conflict.current} was published${who}${when}, after your draft began.`;
}

/** Fills the conflict area and shows it, moving focus to its heading. */
export function renderConflict(root: HTMLElement, nonce: string, conflict: PublishConflict, draft: string, actions: ConflictActions): void {
  root.dispatchEvent(new Event('studio:close'));
  const heading = el('h2', 'studio-conflict-title', 'Someone else published first');
  heading.tabIndex = -1;
  const intro = el(
    'p',
    '',
    `${whoAndWhen(conflict)} On the left is the site as published now; on the right, your draft. ` +
      'Bring over what you want to keep with the arrow buttons between them (or Alt+Enter in your draft; Alt+↓ and Alt+↑ go from change to change), then publish.',
  );
  const labels = el('div', 'studio-merge-labels');
  labels.append(el('span', '', `Published now (version ${conflict.current})`), el('span', '', 'Your draft'));
  const holder = el('div', 'studio-merge');
  const publish = button('Publish my merged version', 'studio-primary');
  const discard = button('Discard my draft and take the published text', 'studio-secondary');
  const buttons = el('div', 'studio-conflict-actions');
  buttons.append(publish, discard);
  root.replaceChildren(heading, intro, labels, holder, buttons);
  root.hidden = false;

  const merge: MergeView = mergeView({
    parent: holder,
    nonce,
    a: { text: conflict.text, label: `Published now, version ${conflict.current}` },
    b: { text: draft, label: 'Your draft, to merge', editable: true },
  });
  const close = () => merge.destroy();
  root.addEventListener('studio:close', close, { once: true });
  publish.addEventListener('click', () => void actions.publish(merge.b.state.doc.toString(), conflict.current));
  discard.addEventListener('click', () => actions.discard(conflict.text, conflict.current));
  heading.focus();
  root.scrollIntoView({ block: 'start' });
}
