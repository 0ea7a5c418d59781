/** 3. Headings that skip a level on a rendered page: an h2 followed by an h4. */
import type { Position } from '../../config/locate.ts';
import { blockHtml } from '../blocks.tsx';
import { pageName, get, owner, ownParts, spot, spotText, strings, type Draft, type Exam, type Path, type RenderedTarget } from '../exam.ts';
import { readPage, type Heading } from '../html.ts';

const MARKDOWN_HEADING = /^ {0,3}(#{1,6})[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$/gm;
export const norm = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** The Markdown line that makes a heading, searched in the given parts of the data. */
export function markdownHeading(exam: Exam, parts: Path[], heading: Heading): { path: Path; line: string } | undefined {
  const wanted = norm(heading.text);
  for (const part of parts) {
    for (const { path, value } of strings(get(exam.site.data, part), part)) {
      if (!value.includes('#')) continue;
      for (const m of value.matchAll(MARKDOWN_HEADING)) {
        // "#" is demoted to h2: the page's title is its only h1.
        if (Math.max(2, (m[1] as string).length) === heading.level && norm(m[2] as string) === wanted) return { path, line: m[0].trim() };
      }
    }
  }
  return undefined;
}

/** The block of the page that renders a heading, by rendering the page's blocks one by one. */
function blockWith(exam: Exam, { target }: RenderedTarget, heading: Heading): number | undefined {
  const blocks = target.pageIndex >= 0 ? target.page.blocks : undefined;
  if (!blocks) return undefined;
  const wanted = norm(heading.text);
  const index = blocks.findIndex((block) => readPage(blockHtml(exam.site, target, block, exam.today)).headings.some((h) => norm(h.text) === wanted));
  return index < 0 ? undefined : index;
}

function skips(exam: Exam, page: RenderedTarget): Draft[] {
  const { target, facts } = page;
  const drafts: Draft[] = [];
  const url = pageName(exam.site, target);
  let previous: Heading = { level: 1, text: '', inMain: false };
  facts.headings.forEach((heading, index) => {
    if (heading.level > previous.level + 1) {
      const wanted = previous.level + 1;
      const after = previous.text ? `right after the h${previous.level} "${previous.text}"` : 'as the first heading of the page';
      const below = facts.headings[index + 1];
      const more = below && below.level > heading.level ? ', and the headings under it up by as much' : '';
      const found = markdownHeading(exam, ownParts(target), heading) ?? markdownHeading(exam, [[]], heading);
      let at: Position;
      let fix: string;
      if (found) {
        at = spotText(exam, found.path, found.line);
        fix = `write it as a level-${wanted} heading, "${'#'.repeat(wanted)} ${found.line.replace(/^#+\s*/, '')}"${more}.`;
      } else {
        const k = blockWith(exam, page, heading);
        const block = k === undefined ? undefined : target.page.blocks?.[k];
        const takesHeading =
          Boolean(block && (exam.site.blocks[block.type]?.props as { properties?: Record<string, unknown> }).properties?.heading) &&
          block?.heading === undefined;
        at = k === undefined ? owner(exam, target) : spot(exam, ['pages', target.pageIndex, 'blocks', k], 'key');
        fix = takesHeading
          ? `add "heading:" to this ${block?.type} block: its titles are h${heading.level}s and need an h${wanted} above them.`
          : block
            ? `put this ${block.type} block after a block with a heading, or give the page's text a heading before it.`
            : target.page.blocks?.length
              ? "change the order of the page's blocks, or give the text above it a heading, so the levels follow each other."
              : 'the page has no "blocks:", so it shows the default block for its items; list blocks of your own, with a "heading:" above the items.';
      }
      drafts.push({
        code: 'SW_HEADING_SKIP',
        at,
        detail: `On ${url}, the h${heading.level} "${heading.text}" comes ${after}: level ${wanted} is skipped, so the outline screen readers offer has a hole in it.`,
        fix,
        address: url,
      });
    }
    previous = heading;
  });
  return drafts;
}

export function headingLevels(exam: Exam): Draft[] {
  return [...exam.pages, exam.notFound].flatMap((page) => skips(exam, page));
}
