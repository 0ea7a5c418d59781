/**
 * A multipart post read as it arrives: each file written to a temporary file as its bytes come, and
 * read no further than its question's limit, the answers within the text allowance, the whole within
 * the page's budget. No more than a chunk of a file is ever in memory. When a limit is passed the
 * reading stops there (the answer closes the connection, so the rest is never read) and the
 * temporary files are deleted.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { Upload } from '../../blocks/contract.ts';
import { MESSAGES } from './messages.ts';
import { TEXT_BYTES, uploadField, type PostBudget } from './post-budget.ts';

export type Body = Record<string, unknown>;

/** A post larger than it may be: 413, with the message for the field it happened in when there is one. */
export class TooLarge extends Error {
  readonly statusCode = 413;
  constructor(
    readonly body: Body,
    readonly field?: { name: string; message: string },
  ) {
    super(field ? `a file for ${field.name} over its limit` : 'a post over its budget');
  }
}

/** Where files wait while their post is read: under the uploads folder, so a kept one is moved, not copied. */
export const incomingDir = (uploadsDir: string) => join(uploadsDir, '.incoming');

/**
 * Deletes files left waiting by a process that stopped mid-post (a post takes seconds, so a day old
 * is long gone; several instances may share the folder, so a younger one may be another's).
 */
export async function clearStaleIncoming(uploadsDir: string, now = Date.now()): Promise<number> {
  const dir = incomingDir(uploadsDir);
  let cleared = 0;
  for (const name of await readdir(dir).catch(() => [])) {
    const path = join(dir, name);
    const { mtimeMs } = await stat(path).catch(() => ({ mtimeMs: now }));
    if (
      now - mtimeMs > 86_400_000 &&
      (await unlink(path).then(
        () => true,
        () => false,
      ))
    )
      cleared++;
  }
  return cleared;
}

/** Deletes the temporary files a post left behind (a block moves away those it keeps). */
export async function discard(uploads: readonly Upload[]): Promise<void> {
  await Promise.all(uploads.map((u) => unlink(u.path).catch(() => undefined)));
}

function addAnswer(body: Body, name: string, value: string) {
  const before: unknown = body[name];
  body[name] = before === undefined ? value : Array.isArray(before) ? [...(before as unknown[]), value] : [before, value];
}

/** One file of the post into `path`, no further than `limit` bytes nor past the post's budget: its size, or which was passed. */
async function save(file: AsyncIterable<Buffer>, path: string, limit: number, spend: (bytes: number) => boolean): Promise<number | 'file' | 'budget'> {
  const handle = await open(path, 'wx', 0o600);
  let size = 0;
  try {
    for await (const chunk of file) {
      size += chunk.length;
      if (size > limit) return 'file';
      if (!spend(chunk.length)) return 'budget';
      await handle.write(chunk);
    }
    // On the disk before anyone is told it was received.
    await handle.sync();
    return size;
  } finally {
    await handle.close();
  }
}

/** Reads a multipart body under `budget`, its files into `incoming` (made if missing, under the data folder). */
export async function readMultipart(request: FastifyRequest, budget: PostBudget, incoming: string): Promise<{ body: Body; uploads: Upload[] }> {
  const body: Body = {};
  const uploads: Upload[] = [];
  let spent = 0;
  const spend = (bytes: number) => (spent += bytes) <= budget.bytes;
  const mostFiles = Math.max(...budget.blocks.map((b) => b.files.reduce((n, f) => n + f.maxFiles, 0)));
  const largest = Math.max(...budget.blocks.flatMap((b) => b.files.map((f) => f.maxBytes)));
  // The parser's own limits are a second fence; ours below answer with the field's message first.
  const parts = request.parts({ limits: { fileSize: largest + 1, files: mostFiles, fields: 200, fieldSize: TEXT_BYTES, parts: mostFiles + 200 } });
  try {
    let text = 0;
    let made = false;
    for await (const part of parts) {
      if (part.type === 'field') {
        const value = typeof part.value === 'string' ? part.value : '';
        const bytes = Buffer.byteLength(part.fieldname) + Buffer.byteLength(value);
        text += bytes;
        if (text > TEXT_BYTES || part.valueTruncated || !spend(bytes)) throw new TooLarge(body);
        addAnswer(body, part.fieldname, value);
        continue;
      }
      const field = uploadField(budget, part.fieldname, body);
      if (!made) {
        await mkdir(incoming, { recursive: true, mode: 0o700 });
        made = true;
      }
      const path = join(incoming, `${randomUUID()}.part`);
      const limit = field?.maxBytes ?? 0;
      const size = await save(part.file, path, limit, spend).catch(async (error: unknown) => {
        await unlink(path).catch(() => undefined);
        throw error;
      });
      if (typeof size === 'string') {
        await unlink(path).catch(() => undefined);
        if (size === 'budget') throw new TooLarge(body);
        const message = field?.tooLarge ?? MESSAGES.posts.noFileQuestion(part.fieldname.slice(0, 40));
        throw new TooLarge(body, { name: part.fieldname, message });
      }
      // A file question left empty is sent as a part with no bytes.
      if (size === 0) await unlink(path);
      else uploads.push({ field: part.fieldname, filename: part.filename, path, size });
    }
    return { body, uploads };
  } catch (error) {
    await discard(uploads);
    throw error;
  }
}
