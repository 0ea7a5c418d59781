/** 9. The first heading under a page's title that says the title again: read twice, announced twice. */
import type { BlockData } from '../../../schema/common.ts';
import { leadsPage, titleIndex } from '../../render/Blocks.tsx';
import { blockHtml } from '../blocks.tsx';
import { owner, ownParts, pageName, spot, spotText, type Draft, type Exam, type RenderedTarget } from '../exam.ts';
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

function repeat(exam: Exam, page: RenderedTarget): Draft[] {
  const { target, facts } = page;
  const [title, next, after] = facts.headings.filter((h) => h.inMain);
  if (!title || !next || title.level !== 1 || !norm(title.text) || norm(next.text) !== norm(title.text)) return [];
  const url = pageName(exam.site, target);
  const detail = `On ${url}, the heading right under the page's title says "${next.text}" again, so visitors read it twice and screen readers announce it twice.`;
  const markdown = markdownHeading(exam, ownParts(target), next);
  if (markdown) {
    // Without it, the heading after it would stand right under the title: a level deeper than it may.
    const deeper = after && after.level > 2 ? after : undefined;
    return [
      {
        code: 'SW_REPEATED_TITLE',
        at: spotText(exam, markdown.path, markdown.line),
        detail,
        fix: deeper
          ? `make the line "${markdown.line}" say what this part is about, not the page's title again (deleted, it would leave "${deeper.text}" a level too deep under the title).`
          : `delete the line "${markdown.line}": the page's title already says it.`,
        address: url,
      },
    ];
  }
  const k = blockDrawing(exam, page, next);
  const block = k === undefined ? undefined : target.page.blocks?.[k];
  const at = k === undefined ? owner(exam, target) : spot(exam, ['pages', target.pageIndex, 'blocks', k, ...(block?.heading === undefined ? [] : ['heading'])]);
  const required = block && ((exam.site.blocks[block.type]?.props as { required?: string[] }).required ?? []).includes('heading');
  const fix =
    block?.heading === undefined
      ? 'give the page a title that says more than the heading under it, or start the page with a different block.'
      : required || skipsWithout(exam, page, block)
        ? `make this ${block.type} block's heading say what the block adds, not the page's title again.`
        : `delete "heading:" from this ${block.type} block: the page's title already stands right above it.`;
  return [{ code: 'SW_REPEATED_TITLE', at, detail, fix, address: url }];
}

/** Whether the block, drawn without its heading, would start with a heading deeper than h2 (its items' h3): a skipped level under the title. */
function skipsWithout(exam: Exam, { target }: RenderedTarget, block: BlockData): boolean {
  const { heading: _heading, ...rest } = block;
  const [first] = readPage(blockHtml(exam.site, target, rest, exam.today)).headings;
  return first !== undefined && first.level > 2;
}

export function repeatedTitles(exam: Exam): Draft[] {
  return exam.pages.flatMap((page) => repeat(exam, page));
}
