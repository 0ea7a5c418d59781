/**
 * The server's problems as the editor shows them: each one underlined where it is, with its
 * explanation and what to do, and an "Apply fix" action when the server knows the exact edits.
 */
import type { Diagnostic } from '@codemirror/lint';
import type { Text } from '@codemirror/state';
import { rangeAt } from './positions.ts';
import type { Problem } from './types.ts';

/** What the owner reads for a problem: what is wrong, then what to do. */
export const problemMessage = (problem: Problem): string => (problem.fix ? `${problem.detail} — ${problem.fix}` : problem.detail);

/** The problems of a checked text as editor diagnostics; `onFix` applies a problem's edits. */
export function toDiagnostics(checked: Text, problems: readonly Problem[], onFix: (problem: Problem) => void): Diagnostic[] {
  return problems.map((problem) => ({
    ...rangeAt(checked, problem),
    severity: problem.severity === 'error' ? 'error' : 'warning',
    source: problem.code,
    message: problemMessage(problem),
    actions: problem.edits?.length ? [{ name: 'Apply fix', apply: () => onFix(problem) }] : [],
  }));
}

/** One line saying how the draft stands: "No problems — ready to publish", "2 errors, 1 warning". */
export function problemSummary(errors: number, warnings: number): string {
  if (!errors && !warnings) return 'No problems — ready to publish';
  const parts = [];
  if (errors) parts.push(`${errors} ${errors === 1 ? 'error' : 'errors'}`);
  if (warnings) parts.push(`${warnings} ${warnings === 1 ? 'warning' : 'warnings'}`);
  const summary = parts.join(', ');
  return errors ? summary : `${summary} — ready to publish`;
}
