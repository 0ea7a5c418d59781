/**
 * Uploads within their byte limits, through inject(): a good file is on disk, byte for byte, when
 * the visitor is told it arrived; a body larger than its page takes is refused with 413 and leaves
 * no temporary file behind. (The same limits under load, measured on a real server: tests/security/uploads.test.ts.)
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweep } from '../runtime/server/retention.ts';
import { appWithData } from './helpers/app.ts';
import { contactAnswers, postForm, postMultipart } from './helpers/posts.ts';

let ctx: Awaited<ReturnType<typeof appWithData>>;
beforeAll(async () => {
  ctx = await appWithData();
});
afterAll(() => ctx.app.close());

const token = () => ctx.services.signer.timeToken(Date.now() - 10_000);
const contact = () => contactAnswers((at) => ctx.services.signer.timeToken(at));
const assessment = () => ({ _form: 'virtual-assessment', _t: token(), fullName: 'Ian Wu', phone: '(555) 555-0150' });
/** A photo of `bytes` bytes: a JPEG's signature, then noise. */
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);
const picture = (bytes: number) => Buffer.concat([JPEG, randomBytes(bytes - JPEG.length)]);
/** Temporary files still waiting under the data folder. */
const waiting = async () => (await readdir(join(ctx.dataDir, 'uploads', '.incoming')).catch(() => [])).length;
const records = async () => {
  const text = await readFile(join(ctx.dataDir, 'gamma.json'), 'utf8').catch(() => '{}');
  return (
    (JSON.parse(text) as { submissions?: { form: string; answers: Record<string, unknown>; files?: { file: string; size: number }[] }[] }).submissions ?? []
  );
};

describe('a form with a file question', () => {
  it('keeps a good file byte for byte before it answers, and leaves nothing waiting', async () => {
    const data = picture(1024 * 1024);
    const res = await postMultipart(ctx.app, '/gamma/assessment', { ...assessment(), fullName: 'Byte Exact' }, [
      { field: 'photos', filename: 'wall.jpg', type: 'image/jpeg', data },
    ]);
    expect(res.statusCode).toBe(303);
    const record = (await records()).find((r) => r.answers.fullName === 'Byte Exact');
    const kept = join(ctx.dataDir, 'uploads', 'gamma', record?.files?.[0]?.file ?? 'missing');
    expect((await readFile(kept)).equals(data)).toBe(true);
    expect((await stat(kept)).mode & 0o777).toBe(0o600);
    expect(await waiting()).toBe(0);
  });

  it('stops reading a file over its own limit: 413 with the message beside its field, answers kept, nothing kept or waiting', async () => {
    const before = await records();
    const res = await postMultipart(ctx.app, '/gamma/assessment', assessment(), [
      { field: 'photos', filename: 'huge.png', type: 'image/png', data: picture(2 * 1024 * 1024 + 1) },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.body).toContain('Each file for “Photos of the problem” can be at most 2 MB.');
    expect(res.body).toContain('value="Ian Wu"');
    expect(await records()).toHaveLength(before.length);
    expect(await readdir(join(ctx.dataDir, 'uploads', 'gamma')).catch(() => [])).toHaveLength(before.flatMap((r) => r.files ?? []).length);
    expect(await waiting()).toBe(0);
  });

  it('answers the browser island the same in JSON', async () => {
    const res = await postMultipart(
      ctx.app,
      '/gamma/assessment',
      assessment(),
      [{ field: 'photos', filename: 'huge.png', type: 'image/png', data: picture(3 * 1024 * 1024) }],
      { accept: 'application/json' },
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      ok: false,
      values: { fullName: 'Ian Wu', phone: '(555) 555-0150' },
      errors: { photos: 'Each file for “Photos of the problem” can be at most 2 MB.' },
    });
    expect(await waiting()).toBe(0);
  });

  it('refuses a body longer than all its files may be, from its Content-Length, before reading it', async () => {
    const files = Array.from({ length: 4 }, (_, i) => ({ field: 'photos', filename: `p${i}.png`, type: 'image/png', data: picture(2 * 1024 * 1024 - 1) }));
    const res = await postMultipart(ctx.app, '/gamma/assessment', assessment(), files);
    expect(res.statusCode).toBe(413);
    expect(res.body).toContain('Too large to send');
    expect(await waiting()).toBe(0);
  });
});

describe('a form without a file question', () => {
  it('refuses any multipart body at once with 413', async () => {
    const res = await postMultipart(ctx.app, '/gamma/contact', contact(), []);
    expect(res.statusCode).toBe(413);
    expect(await waiting()).toBe(0);
  });

  it('refuses a form body over 64 KB with 413, in JSON for the island', async () => {
    const res = await postForm(ctx.app, '/gamma/contact', { ...contact(), message: 'x'.repeat(70 * 1024) }, { accept: 'application/json' });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ ok: false, problem: 'What you sent is too large.' });
  });

  it('still takes a good post', async () => {
    expect((await postForm(ctx.app, '/gamma/contact', contact())).statusCode).toBe(303);
  });
});

describe('files left waiting', () => {
  it('by a process stopped mid-post are deleted by the daily sweep once a day old, and no younger one', async () => {
    const uploads = join(ctx.dataDir, 'uploads');
    await mkdir(join(uploads, '.incoming'), { recursive: true });
    await writeFile(join(uploads, '.incoming', 'old.part'), 'x');
    await writeFile(join(uploads, '.incoming', 'young.part'), 'x');
    const now = Date.now() + 2 * 86_400_000;
    await utimes(join(uploads, '.incoming', 'young.part'), new Date(now - 3_600_000), new Date(now - 3_600_000));
    await sweep(ctx.app.fleetHolder.current, ctx.services.store, uploads, now);
    expect(await readdir(join(uploads, '.incoming'))).toEqual(['young.part']);
    await rm(join(uploads, '.incoming', 'young.part'));
  });
});
