/**
 * Turns the server's line:col positions (counted from 1) into places in the editor's text. The
 * server checked a draft that may be shorter or longer than what it points at (a position at the
 * end of a line, past the last line, or a range written backwards), so every position is clamped
 * into the document rather than trusted.
 */
import type { Text } from '@codemirror/state';

/** Where line:col falls in the document: a column past the line's end is its end, a line past the last is the document's end. */
export function offsetAt(doc: Text, line: number, col: number): number {
  if (!Number.isFinite(line) || line < 1) return 0;
  if (line > doc.lines) return doc.length;
  const at = doc.line(Math.floor(line));
  const column = Number.isFinite(col) ? Math.max(1, Math.floor(col)) : 1;
  return Math.min(at.from + column - 1, at.to);
}

/** A span the server named, as editor positions; never backwards. */
export function rangeAt(doc: Text, span: { line: number; col: number; endLine: number; endCol: number }): { from: number; to: number } {
  const from = offsetAt(doc, span.line, span.col);
  const to = offsetAt(doc, span.endLine, span.endCol);
  return { from, to: Math.max(from, to) };
}
