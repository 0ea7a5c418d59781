/** A draft's problems as the studio shows them: for the editor (JSON, with where each ends) and as a list on the page. */
import type { Problem } from '../config/problem.ts';
import { escapeHtml } from '../render/escape.ts';

export interface StudioProblem {
  code: string;
  severity: 'error' | 'warning';
  line: number;
  col: number;
  endLine: number;
  endCol: number;
  detail: string;
  fix: string;
  edits?: Problem['edits'];
  /** A problem with another file than site.yaml (a media file): its path. */
  file?: string;
}

export function forEditor(problems: readonly Problem[], file: string): StudioProblem[] {
  return problems.map((p) => ({
    code: p.code,
    severity: p.severity,
    line: p.line,
    col: p.col,
    endLine: p.line,
    endCol: p.col + Math.max(1, p.length),
    detail: p.detail,
    fix: p.fix,
    ...(p.edits?.length && { edits: p.edits }),
    ...((p.whole || p.file !== file) && { file: p.file }),
  }));
}

export const counts = (problems: readonly StudioProblem[]) => ({
  errors: problems.filter((p) => p.severity === 'error').length,
  warnings: problems.filter((p) => p.severity === 'warning').length,
});

/** The one line that says how the draft stands. */
export function summary(problems: readonly StudioProblem[]): string {
  const { errors, warnings } = counts(problems);
  if (!errors && !warnings) return 'No problems: ready to publish.';
  const part = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const said = [errors && part(errors, 'error'), warnings && part(warnings, 'warning')].filter(Boolean).join(', ');
  return errors ? `${said}: fix the errors to publish.` : `${said}: you can publish.`;
}

/** The problems as a list, each with its place; the editor takes the list over when it starts. */
export function problemsHtml(problems: readonly StudioProblem[]): string {
  if (!problems.length) return '';
  const items = problems.map(
    (p) =>
      `<li class="studio-problem studio-${p.severity}"><span class="studio-where">${p.file ? escapeHtml(p.file) : `line ${p.line}, column ${p.col}`}</span> <strong>${p.severity === 'error' ? 'Error' : 'Warning'}</strong> <code>${escapeHtml(p.code)}</code>: ${escapeHtml(p.detail)} <span class="studio-fix">Fix: ${escapeHtml(p.fix)}</span></li>`,
  );
  return `<ul class="studio-problems">${items.join('')}</ul>`;
}
