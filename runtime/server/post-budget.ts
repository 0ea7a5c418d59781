/**
 * How many bytes a post to a page may carry, worked out from the blocks that take posts there
 * before a byte of the body is read: a page whose blocks take no files takes a small body and no
 * multipart; one with file questions takes each file within its own limit, and all of them within
 * the sum of the limits, plus a small allowance for the text answers.
 */
import type { UploadField } from '../../blocks/contract.ts';

/** The text of a post: every answer of a long form fits many times over (a textarea is 5,000 characters by default). */
export const TEXT_BYTES = 64 * 1024;

export interface PostBudget {
  /** Whether a multipart body (files) is taken at all. */
  multipart: boolean;
  /** The most bytes the whole body may have. */
  bytes: number;
  /** Each block's file questions; which block a post is for is known once the answers naming it (a form's `_form`) are read. */
  blocks: readonly PostTaker[];
}

/** A block on the page that takes posts: whether a body is for it, and its file questions. */
export interface PostTaker {
  accepts(body: Record<string, unknown>): boolean;
  files: readonly UploadField[];
}

/** The budget of a page from its blocks: the most any one of them may need. */
export function postBudget(blocks: readonly PostTaker[]): PostBudget {
  const fileBytes = Math.max(0, ...blocks.map(({ files }) => files.reduce((sum, f) => sum + f.maxBytes * f.maxFiles, 0)));
  return { multipart: fileBytes > 0, bytes: TEXT_BYTES + fileBytes, blocks };
}

/**
 * The file question `field` of the block the answers read so far are for or, while they do not yet
 * say, the most generous of that name on the page (every answer is checked by its block after).
 */
export function uploadField(budget: PostBudget, field: string, body: Record<string, unknown>): UploadField | undefined {
  const mine = budget.blocks.filter((b) => b.accepts(body));
  return (mine.length ? mine : budget.blocks)
    .flatMap((b) => b.files)
    .filter((f) => f.field === field)
    .sort((a, b) => b.maxBytes - a.maxBytes)[0];
}
