import { copyFile, mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, it } from 'vitest';
import { watchTree, type TreeWatch } from './watch-tree.ts';

/** A watch whose changes a test can wait for, one path at a time. */
function watching(root: string) {
  const seen: string[] = [];
  const waiting = new Set<() => void>();
  const tree = watchTree(root, (path) => {
    seen.push(path);
    for (const check of waiting) check();
  });
  /** Resolves once `path` has changed after the call. */
  const next = (path: string) => {
    const from = seen.length;
    return new Promise<void>((resolve) => {
      const check = () => {
        if (!seen.slice(from).includes(path)) return;
        waiting.delete(check);
        resolve();
      };
      waiting.add(check);
    });
  };
  return { tree, next };
}

let open: TreeWatch | undefined;
afterEach(() => open?.close());

describe('watchTree', () => {
  it('sees every save of a file, written in place, renamed over or copied over, in folders old and new', async () => {
    const root = await mkdtemp(join(tmpdir(), 'sitewright-watch-'));
    await mkdir(join(root, 'alpha', 'media'), { recursive: true });
    await writeFile(join(root, 'alpha', 'site.yaml'), 'v0');
    const { tree, next } = watching(root);
    open = tree;
    const elsewhere = join(await mkdtemp(join(tmpdir(), 'sitewright-elsewhere-')), 'site.yaml');
    const saves = {
      'in place': (file: string, text: string) => writeFile(file, text),
      'renamed over': async (file: string, text: string) => {
        await writeFile(`${file}.tmp`, text);
        await rename(`${file}.tmp`, file);
      },
      'copied over': async (file: string, text: string) => {
        await writeFile(elsewhere, text);
        await copyFile(elsewhere, file);
      },
    };
    const order = ['renamed over', 'in place', 'renamed over', 'copied over', 'renamed over', 'in place'] as const;
    for (const [i, how] of order.entries()) {
      const seen = next('alpha/site.yaml');
      await saves[how](join(root, 'alpha', 'site.yaml'), `v${i + 1}`);
      await seen;
    }

    // A picture in a folder of the site, and a site added while watching.
    let seen = next('alpha/media/photo.jpg');
    await saves['renamed over'](join(root, 'alpha', 'media', 'photo.jpg'), 'jpeg');
    await seen;
    seen = next('beta');
    await mkdir(join(root, 'beta'));
    await seen;
    for (const how of ['renamed over', 'in place'] as const) {
      seen = next('beta/site.yaml');
      await saves[how](join(root, 'beta', 'site.yaml'), how);
      await seen;
    }

    // A folder removed and made again is watched again.
    seen = next('alpha/media');
    await rm(join(root, 'alpha', 'media'), { recursive: true });
    await seen;
    seen = next('alpha/media');
    await mkdir(join(root, 'alpha', 'media'));
    await seen;
    seen = next('alpha/media/logo.png');
    await writeFile(join(root, 'alpha', 'media', 'logo.png'), 'png');
    await seen;
  });
});
