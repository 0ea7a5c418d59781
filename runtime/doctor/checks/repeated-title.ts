/**
 * 9. The first heading under a page's title that says the title again: read twice, announced twice.
 * A fix that deletes something is offered only when the page, drawn without it, no longer repeats
 * its title nor skips a level; it comes with its edit, so applying it leaves nothing to find.
 */
import type { BlockData } from '../../../schema/common.ts';
import { resolveEdit, type Position } from '../../config/locate.ts';
import type { Edit } from '../../config/problem.ts';
import { leadsPage, titleIndex } from '../../render/Blocks.tsx';
import { blockHtml } from '../blocks.tsx';
import { get, owner, ownParts, pageName, spot, spotText, type Draft, type Exam, type Path, type RenderedTarget } from '../exam.ts';
import { readPage, type Heading } from '../html.ts';
import { markdownHeading, norm } from './headings.ts';

/** The index of the page's own block that draws the heading, leaving out a block that carries the page's h1. */
function blockDrawing(exam: Exam, { target }: RenderedTarget, heading: Heading): number | undefined {
  const blocks = target.pageIndex >= 0 ? target.page.blocks : undefined;
  if (!blocks?.length) return undefined;
  const lead = leadsPage(blocks, exam.site.blocks) ? titleIndex(blocks, exam.site.blocks) : -1;
  const wanted = norm(heading.text);
  const index = blocks.findIndex(
    (block, i) => i !== lead && readPage(blockHtml(exam.site, target, block, exam.today)).headings.some((h) => norm(h.text) === wanted),
  );
  return index < 0 ? undefined : index;
}

/** Whether a heading may stand right under the title: one level down, and not the title again. */
const fitsUnder = (title: Heading, heading: Heading | undefined) => !heading || (heading.level <= 2 && norm(heading.text) !== norm(title.text));

/**
 * The edit that deletes a Markdown heading: its whole line (and the blank line after it) in a
 * block of text, or the heading and the "\n"s after it inside quotes. None when the text would be
 * left empty, or the heading shares its line with other text.
 */
function deleteMarkdownLine(exam: Exam, path: Path, at: Position): Edit | undefined {
  const lines = exam.source.split('\n');
  const line = lines[at.line - 1] ?? '';
  const after = line.slice(at.col - 1 + at.length);
  const value = get(exam.site.data, path);
  if (typeof value !== 'string' || !value.replace(/^\s*#.*$/m, '').trim()) return undefined;
  if (!after.trim() && !line.slice(0, at.col - 1).trim()) {
    const blank = at.line < lines.length && !(lines[at.line] ?? '').trim() ? 1 : 0;
    return { line: at.line, col: 1, endLine: at.line + 1 + blank, endCol: 1, text: '' };
  }
  const escapes = /^(?:\\n)+/.exec(after);
  return escapes ? { line: at.line, col: at.col, endLine: at.line, endCol: at.col + at.length + escapes[0].length, text: '' } : undefined;
}

/** The heading in a page's Markdown: deleted when what follows may stand under the title, else to be reworded. */
function markdownFinding(exam: Exam, found: { path: Path; line: string }, title: Heading, after: Heading | undefined, base: Omit<Draft, 'at' | 'fix'>): Draft {
  const at = spotText(exam, found.path, found.line);
  const edit = fitsUnder(title, after) ? deleteMarkdownLine(exam, found.path, at) : undefined;
  if (edit) return { ...base, at, fix: `delete the line "${found.line}": the page's title already says it.`, edits: [edit] };
  const why =
    after && after.level > 2
      ? ` (deleted, it would leave "${after.text}" a level too deep under the title)`
      : after && !fitsUnder(title, after)
        ? ` (deleted, "${after.text}" would say the title again)`
        : '';
  return { ...base, at, fix: `make the line "${found.line}" say what this part is about, not the page's title again${why}.` };
}

/** The block drawn without its heading: its first heading, or, when it has none, the heading after it on the page. */
function firstWithout(exam: Exam, { target }: RenderedTarget, block: BlockData, after: Heading | undefined): Heading | undefined {
  const { heading: _heading, ...rest } = block;
  const [first] = readPage(blockHtml(exam.site, target, rest, exam.today)).headings;
  return first ?? after;
}

function repeat(exam: Exam, page: RenderedTarget): Draft[] {
  const { target, facts } = page;
  const [title, next, after] = facts.headings.filter((h) => h.inMain);
  if (!title || !next || title.level !== 1 || !norm(title.text) || norm(next.text) !== norm(title.text)) return [];
  const url = pageName(exam.site, target);
  const base = {
    code: 'SW_REPEATED_TITLE' as const,
    detail: `On ${url}, the heading right under the page's title says "${next.text}" again, so visitors read it twice and screen readers announce it twice.`,
    address: url,
  };
  const markdown = markdownHeading(exam, ownParts(target), next);
  if (markdown) return [markdownFinding(exam, markdown, title, after, base)];
  const k = blockDrawing(exam, page, next);
  const block = k === undefined ? undefined : target.page.blocks?.[k];
  const headingPath: Path = ['pages', target.pageIndex, 'blocks', k ?? 0, 'heading'];
  const at = k === undefined ? owner(exam, target) : spot(exam, block?.heading === undefined ? headingPath.slice(0, -1) : headingPath);
  if (!block || block.heading === undefined) {
    return [{ ...base, at, fix: 'give the page a title that says more than the heading under it, or start the page with a different block.' }];
  }
  const required = ((exam.site.blocks[block.type]?.props as { required?: string[] }).required ?? []).includes('heading');
  // Deleted, the heading must not come back as the block's own default, nor leave a level skipped.
  const edit = required || !fitsUnder(title, firstWithout(exam, page, block, after)) ? undefined : deletion(exam, headingPath);
  if (!edit) return [{ ...base, at, fix: `make this ${block.type} block's heading say what the block adds, not the page's title again.` }];
  return [{ ...base, at, fix: `delete "heading:" from this ${block.type} block: the page's title already stands right above it.`, edits: [edit] }];
}

/** The edit that deletes a key with its value. */
const deletion = (exam: Exam, path: Path): Edit | undefined =>
  resolveEdit(exam.doc, exam.counter, exam.source, { remove: true }, path, 'key', spot(exam, path, 'key'));

export function repeatedTitles(exam: Exam): Draft[] {
  return exam.pages.flatMap((page) => repeat(exam, page));
}
