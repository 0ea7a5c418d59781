import { CODES, type Code } from '../config/codes.ts';
import { formatProblem, type Problem } from '../config/problem.ts';
import { DOCTOR_CODES, type DoctorCode } from './codes.ts';

export type FindingCode = Code | DoctorCode;

/** A doctor's finding: a Problem in every way, with a code of either catalogue. Always a warning. */
export interface Finding extends Omit<Problem, 'code'> {
  code: FindingCode;
}

const isCatalogued = (code: FindingCode): code is Code => Object.hasOwn(CODES, code);

export const findingHeadline = (code: FindingCode): string =>
  isCatalogued(code) ? CODES[code].headline : DOCTOR_CODES[code].headline;

/**
 * The same text as `formatProblem`: location, code and headline, detail, the code frame with a
 * caret, the fix. formatProblem looks headlines up in the main catalogue only, so for a code of
 * DOCTOR_CODES it frames the spot under a stand-in code and the first line is written here.
 */
export function formatFinding(finding: Finding, source: string): string {
  if (isCatalogued(finding.code)) return formatProblem(finding as Problem, source);
  const framed = formatProblem({ ...finding, code: 'SW_BROKEN_LINK' }, source).split('\n');
  framed[0] = `${finding.file}:${finding.line}:${finding.col}  ${finding.code}  ${findingHeadline(finding.code)}`;
  return framed.join('\n');
}

export function sortFindings<T extends Finding>(findings: T[]): T[] {
  return findings.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col || a.code.localeCompare(b.code));
}
