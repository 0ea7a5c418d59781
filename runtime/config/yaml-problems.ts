import type { LineCounter, YAMLError } from 'yaml';
import type { Problem } from './problem.ts';

const FIXES: Record<string, string> = {
  DUPLICATE_KEY: 'keep one of the two; if both are meant, the second belongs somewhere else.',
  TAB_AS_INDENT: 'indent with spaces, never tabs.',
  BAD_INDENT: 'line this up with the other keys at the same level, using spaces.',
  MISSING_CHAR: 'a key needs a colon and a space after it ("title: Home"), and quotes and brackets must be closed.',
  BLOCK_AS_IMPLICIT_KEY: 'put a space after the colon, or quotes around text that contains ": ".',
  MULTILINE_IMPLICIT_KEY: 'a key must fit on one line: check for a missing colon on the line above.',
  BAD_SCALAR_START: 'text starting with a special character (@, `, %, *, &, !, |, >) needs quotes around it.',
  UNEXPECTED_TOKEN: 'check the punctuation here: text with ": " or " #" in it needs quotes.',
  BAD_DQ_ESCAPE: 'inside double quotes write \\\\ for a backslash, or use single quotes.',
  ALIAS_PROPS: 'an alias (*name) cannot carry a tag or anchor.',
};

/** YAML syntax errors in the same form as every other problem. */
export function yamlProblems(errors: readonly YAMLError[], counter: LineCounter, file: string): Problem[] {
  return errors.map((error) => {
    const [start, end] = error.pos;
    const pos = counter.linePos(start);
    const endPos = counter.linePos(Math.max(end, start + 1));
    const duplicate = error.code === 'DUPLICATE_KEY';
    const message = error.message.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '').replace(/\.$/, '') ?? 'unreadable YAML';
    return {
      code: duplicate ? 'SW_DUPLICATE_KEY' : 'SW_YAML_SYNTAX',
      severity: 'error',
      file,
      line: pos.line,
      col: pos.col,
      length: endPos.line === pos.line ? Math.max(1, endPos.col - pos.col) : 1000,
      detail: `${duplicate ? 'This key already appears above in the same block' : `The YAML reader stopped here: ${message.charAt(0).toLowerCase()}${message.slice(1)}`}.`,
      fix: FIXES[error.code] ?? 'check the indentation and punctuation of this line and the one above it.',
    } satisfies Problem;
  });
}
