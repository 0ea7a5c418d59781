/** Pending problems placed in the file: each at its line and column, its fix resolved into edits of the text. */
import type { Document, LineCounter } from 'yaml';
import { locate, locateText, resolveEdit, type Position } from './locate.ts';
import type { PendingEdit, PendingProblem, Problem } from './problem.ts';

/** Each pending problem as the author sees it: where it is in the file, and its fix as edits when every one can be made. */
export function placeProblems(pending: PendingProblem[], doc: Document, counter: LineCounter, source: string, file: string): Problem[] {
  const problems: Problem[] = [];
  const lines = source.split(/\r?\n/);
  for (const p of pending) {
    const found = p.find ? locateText(doc, counter, source, p.path, p.find) : undefined;
    const pos = found ? { ...found, col: found.col + 1, length: found.length - 1 } : locate(doc, counter, p.path, p.target, p.offset, p.span);
    const edits: { path: readonly (string | number)[]; target: 'key' | 'value'; edit: PendingEdit; at?: Position }[] = [
      ...(p.edit ? [{ path: p.editPath ?? p.path, target: p.target, edit: p.edit, at: p.editPath ? undefined : pos }] : []),
      ...(p.alsoEdit ?? []),
    ];
    const resolved = edits.map((e) => resolveEdit(doc, counter, source, e.edit, e.path, e.target, e.at ?? locate(doc, counter, e.path, e.target)));
    const ok = resolved.length > 0 && resolved.every((e) => e !== undefined);
    problems.push(
      commentedValue(
        {
          code: p.code,
          severity: p.severity ?? 'error',
          file,
          ...pos,
          detail: p.detail,
          fix: p.fix,
          ...(ok && { edits: resolved }),
          ...(p.upload && { upload: p.upload }),
        },
        lines,
      ),
    );
  }
  return problems;
}

/**
 * `primary: #6b3e26` — YAML reads "#" as the start of a comment, so the value is empty. The
 * author sees a value there; say what happened and point at it.
 */
function commentedValue(problem: Problem, lines: string[]): Problem {
  if (problem.code !== 'SW_EMPTY_VALUE') return problem;
  const line = lines[problem.line - 1] ?? '';
  const m = /^(\s*(?:- )?)([\w-]+):\s+(#\S*)/.exec(line);
  if (!m) return problem;
  const written = m[3] as string;
  return {
    ...problem,
    col: line.indexOf(written, (m[1] as string).length) + 1,
    length: written.length,
    detail: `In YAML "#" starts a comment, so "${m[2]}" is empty: ${written} is not read.`,
    fix: `put it in quotes: ${m[2]}: "${written}"`,
    edits: [
      {
        line: problem.line,
        col: line.indexOf(written, (m[1] as string).length) + 1,
        endLine: problem.line,
        endCol: line.indexOf(written, (m[1] as string).length) + 1 + written.length,
        text: `"${written}"`,
      },
    ],
  };
}
