/**
 * The compare page: two published versions side by side, read only, with the stretches that did not
 * change folded away (a button shows them all). The server's own rendering of the difference stays
 * until both versions have loaded, and stays for good if they cannot be.
 */
import type { MergeView } from '@codemirror/merge';
import { Offline, getText } from './api.ts';
import { mergeView } from './merge-view.ts';
import { el } from './page.ts';

/** Replaces the server's rendering in `#studio-compare` with a merge view. */
export async function startCompare(root: HTMLElement): Promise<void> {
  const d = root.dataset;
  if (!d.aUrl || !d.bUrl) return;
  const status = el('p', 'studio-compare-status');
  status.setAttribute('role', 'status');
  status.textContent = 'Loading both versions…';
  root.prepend(status);
  let texts: [string, string];
  try {
    texts = await Promise.all([getText(d.aUrl), getText(d.bUrl)]);
  } catch (error) {
    status.textContent = `The versions could not be loaded (${error instanceof Offline ? error.message : 'unknown error'}); this is the server's comparison.`;
    return;
  }
  const a = { text: texts[0], label: d.aLabel ?? 'Older version' };
  const b = { text: texts[1], label: d.bLabel ?? 'Newer version' };
  const labels = el('div', 'studio-merge-labels');
  labels.append(el('span', '', a.label), el('span', '', b.label));
  const holder = el('div', 'studio-merge');
  const toggle = el('button', 'studio-secondary');
  toggle.type = 'button';
  let collapse = true;
  let merge: MergeView | undefined;
  const draw = () => {
    merge?.destroy();
    merge = mergeView({ parent: holder, nonce: d.nonce ?? '', a, b, collapse });
    toggle.textContent = collapse ? 'Show unchanged lines' : 'Hide unchanged lines';
  };
  toggle.addEventListener('click', () => {
    collapse = !collapse;
    draw();
  });
  status.textContent = texts[0] === texts[1] ? 'The two versions are the same.' : `${a.label} on the left, ${b.label} on the right.`;
  const hint = el('p', 'studio-hint', 'Alt+↓ and Alt+↑ go from change to change.');
  root.replaceChildren(status, toggle, hint, labels, holder);
  draw();
}
