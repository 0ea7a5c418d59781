import { spawn } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { storeContract } from './contract.ts';
import { LowdbStore } from './lowdb-store.ts';
import { StoreError } from './store.ts';
import { TEST_BLOCKS } from '../../tests/helpers/blocks.ts';

const dataDir = () => mkdtemp(join(tmpdir(), 'sitewright-data-'));

storeContract('lowdb', async () => LowdbStore.open(await dataDir()), TEST_BLOCKS);

describe('lowdb store on disk', () => {
  it('has written a record to its file by the time it acknowledges it', async () => {
    const dir = await dataDir();
    const store = await LowdbStore.open(dir);
    const saved = await (await store.tenant('alpha')).add('submissions', { message: 'Leak under the sink' });
    const onDisk = JSON.parse(await readFile(join(dir, 'alpha.json'), 'utf8')) as { submissions: unknown[] };
    expect(onDisk.submissions).toEqual([saved]);
    await store.close();
  });

  it('writes only the kinds it was given, and reads any well-formed kind back after a restart', async () => {
    const dir = await dataDir();
    const store = await LowdbStore.open(dir);
    const saved = await (await store.tenant('alpha')).add('constructor', { note: 'a kind named like what every object has' });
    await store.close();
    expect(Object.keys(JSON.parse(await readFile(join(dir, 'alpha.json'), 'utf8')) as object)).toEqual(['constructor']);
    const again = await LowdbStore.open(dir);
    expect(await (await again.tenant('alpha')).list('constructor')).toEqual([saved]);
    expect(await again.kinds('alpha')).toEqual(['constructor']);
    await again.close();
  });

  it('refuses an unreadable data file with a clear message and leaves it untouched', async () => {
    const dir = await dataDir();
    await writeFile(join(dir, 'alpha.json'), '{"submissions": [ {"id": ');
    const store = await LowdbStore.open(dir);
    const error = await store.tenant('alpha').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreError);
    expect((error as StoreError).code).toBe('SW_DATA_UNREADABLE');
    expect((error as StoreError).message).toContain('alpha.json cannot be read');
    expect(await readFile(join(dir, 'alpha.json'), 'utf8')).toBe('{"submissions": [ {"id": ');
    expect(await (await store.tenant('beta')).list('submissions')).toEqual([]);
    await store.close();
  });

  it('lets one process write a data folder: a second one is refused', async () => {
    const dir = await dataDir();
    const store = await LowdbStore.open(dir);
    const second = await LowdbStore.open(dir).catch((e: unknown) => e);
    expect((second as StoreError).code).toBe('SW_DATA_LOCKED');
    expect((second as StoreError).message).toContain(`(pid ${process.pid}) is already writing to ${dir}`);
    await store.close();
    const third = await LowdbStore.open(dir);
    await third.close();
  });

  it('takes over the lock of a process that has gone', async () => {
    const dir = await dataDir();
    const child = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => child.on('exit', resolve));
    await writeFile(join(dir, '.sitewright.lock'), String(child.pid));
    const store = await LowdbStore.open(dir);
    await store.close();
  });
});
