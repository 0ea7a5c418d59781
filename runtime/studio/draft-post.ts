/**
 * A draft as the studio posts it, read where its check runs (a loading thread): the bytes are
 * decoded, the session's token compared, the size checked and the text loaded there, so the
 * thread that serves pages never decodes or parses a body that may be megabytes of hostile text.
 */
import { sizeProblem } from '../config/budget.ts';
import type { LoadResult } from '../config/load-site.ts';
import { sameSecret } from '../services/signing.ts';

/** The bytes of a draft's post, its content type, and the session's token the post must carry. */
export interface DraftPost {
  bytes: Uint8Array;
  type: string;
  csrf: string;
}

/**
 * What the post said besides its text: `refused` when it cannot be read (not JSON or a form, no
 * text, no base) or does not carry the session's token; `keep` is false for a text that could never
 * be published (past the size limit), which is answered with where it passes the limit.
 */
export type PostRead = { refused: 'token' | 'shape' } | { base: number; keep: boolean };

export type DraftChecked = LoadResult & { post?: PostRead };

const decoder = new TextDecoder('utf-8', { fatal: false });

/** The fields of the post: JSON (the editor's) or a form (the studio without JavaScript). */
function fieldsOf({ bytes, type }: DraftPost): Record<string, unknown> | undefined {
  const text = decoder.decode(bytes);
  if (type.startsWith('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
  if (!type.startsWith('application/json')) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Reads the post and, when it is a draft that may be kept, checks its text with `load`. */
export async function checkDraftPost(post: DraftPost, file: string, prefix: string, load: (text: string) => Promise<LoadResult>): Promise<DraftChecked> {
  const fields = fieldsOf(post);
  const none = { prefix, file, source: '', problems: [] };
  if (!fields) return { ...none, post: { refused: 'shape' } };
  if (!sameSecret(post.csrf, fields._csrf)) return { ...none, post: { refused: 'token' } };
  const base = Number(fields.base);
  if (typeof fields.text !== 'string' || !Number.isSafeInteger(base) || base < 0) return { ...none, post: { refused: 'shape' } };
  const text = fields.text.replace(/\r\n?/g, '\n');
  // A text past the document budget could never be published: it is answered with where it passes the limit, and not kept.
  const tooLarge = sizeProblem(text, file);
  if (tooLarge) return { ...none, problems: [tooLarge], post: { base, keep: false } };
  return { ...(await load(text)), post: { base, keep: true } };
}
