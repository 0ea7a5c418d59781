/**
 * The problems of the draft as a list beside the editor, for owners who would rather read than hover:
 * each with where it is (a button that takes the cursor there), what is wrong and what to do, and an
 * "Apply fix" button when the server knows the edits. The one-line summary goes in the status line,
 * and Publish is disabled while there are errors.
 */
import { problemMessage, problemSummary } from './diagnostics.ts';
import { el, type StudioPage } from './page.ts';
import type { Problem } from './types.ts';

export interface ProblemActions {
  goTo: (problem: Problem) => void;
  fix: (problem: Problem) => void;
}

function problemItem(problem: Problem, actions: ProblemActions): HTMLLIElement {
  const item = el('li', `studio-problem studio-problem-${problem.severity}`);
  const where = el('button', 'studio-goto', `Line ${problem.line}, column ${problem.col}`);
  where.type = 'button';
  where.addEventListener('click', () => actions.goTo(problem));
  const severity = el('span', 'studio-severity', problem.severity === 'error' ? 'Error' : 'Warning');
  const message = el('span', 'studio-message', problemMessage(problem));
  const code = el('code', 'studio-code', problem.code);
  item.append(where, ' ', severity, ' ', message, ' ', code);
  if (problem.edits?.length) {
    const fix = el('button', 'studio-fix', 'Apply fix');
    fix.type = 'button';
    fix.setAttribute('aria-label', `Apply fix: ${problem.fix || problem.detail}`);
    fix.addEventListener('click', () => actions.fix(problem));
    item.append(' ', fix);
  }
  return item;
}

/** What each list last showed: both are live regions, so the same list is not drawn (and read out) again. */
const shown = new WeakMap<HTMLElement, string>();

/** Shows the problems of the latest check, the summary line, and whether Publish is allowed. */
export function showProblems(page: StudioPage, problems: readonly Problem[], actions: ProblemActions): void {
  const errors = problems.filter((p) => p.severity === 'error').length;
  const warnings = problems.length - errors;
  const key = JSON.stringify(problems);
  if (shown.get(page.problems) !== key) {
    shown.set(page.problems, key);
    const list = el('ul', 'studio-problem-list');
    for (const problem of problems) list.append(problemItem(problem, actions));
    page.problems.replaceChildren(...(problems.length ? [list] : []));
  }
  showStatus(page, problemSummary(errors, warnings), errors ? 'error' : 'ok');
  page.publish.disabled = errors > 0;
}

/** One line in the status line, marked as good news, bad news or neither. */
export function showStatus(page: StudioPage, text: string | (string | Node)[], tone: 'ok' | 'error' | 'busy' = 'busy'): void {
  if (typeof text === 'string' && page.status.textContent === text && page.status.dataset.tone === tone) return;
  page.status.replaceChildren(...(typeof text === 'string' ? [text] : text));
  page.status.dataset.tone = tone;
}
