/**
 * The sizes the house keeps to: no source file over 400 lines, no function over 120. A function
 * is anything with a body (a declaration, a method, an arrow or a callback such as a `describe`
 * body); its lines are counted from its first token to its closing brace.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

export const MAX_FILE_LINES = 400;
export const MAX_FUNCTION_LINES = 120;

/** The files over the limit and the functions over theirs, as `path: n lines` and `path:line name: n lines`. */
export function oversized(root: string, files: readonly string[]): { files: string[]; functions: string[] } {
  const found = { files: [] as string[], functions: [] as string[] };
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (lines > MAX_FILE_LINES) found.files.push(`${file}: ${lines} lines`);
    found.functions.push(...longFunctions(file, text));
  }
  return found;
}

export function longFunctions(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const long: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const named = node.name ?? (ts.isVariableDeclaration(node.parent) ? node.parent.name : undefined);
      const name = named && ts.isIdentifier(named) ? named.text : '(anonymous)';
      if (last - first + 1 > MAX_FUNCTION_LINES) long.push(`${file}:${first + 1} ${name}: ${last - first + 1} lines`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return long;
}
