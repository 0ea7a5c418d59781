import type { Code } from '../config/codes.ts';
import { formatProblem, headline, type Problem } from '../config/problem.ts';

export type FindingCode = Code;

/** A doctor's finding: a Problem in every way, always a warning. */
export type Finding = Problem;

export const findingHeadline = (code: FindingCode): string => headline(code);

/** The same text as `validate` prints: location, code and headline, detail, code frame, fix. */
export const formatFinding = (finding: Finding, source: string): string => formatProblem(finding, source);

export function sortFindings<T extends Finding>(findings: T[]): T[] {
  return findings.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col || a.code.localeCompare(b.code));
}
