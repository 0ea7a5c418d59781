/**
 * The behaviour every Store adapter must have, as a test suite any adapter can run: what it keeps
 * and hands back, what it never oversells when many ask at once, and every kind of record the
 * kernel and the blocks declare, kept, read back and erased on a person's request.
 */
import { mkdir, mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { overlapping } from './contract-overlap.ts';
import { CONTACT_INDEX, erasePerson } from './erase.ts';
import { declaredRecords, type RecordRegistry } from './records.ts';
import { StoreError, type Store } from './store.ts';

type Open = () => Promise<Store>;

/** Runs the whole contract on the stores `open` makes (each test opens its own); `registry` gives the blocks' declared records. */
export function storeContract(name: string, open: Open, registry: RecordRegistry) {
  describe(`Store contract: ${name}`, () => {
    keeping(open);
    sharing(open);
    overlapping(open);
    declaredKinds(open, registry);
  });
}

/** What a store keeps, finds, changes and removes, per site. */
function keeping(open: Open) {
  it('keeps what it acknowledges, per site, apart from every other site', async () => {
    const store = await open();
    const a = await store.tenant('alpha');
    const b = await store.tenant('beta');
    const saved = await a.add('submissions', { form: 'contact', name: 'Ana' });
    expect(saved.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await a.list('submissions')).toEqual([saved]);
    expect(await b.list('submissions')).toEqual([]);
    // A site only read from has nothing stored.
    expect(await store.sitesWithData()).toEqual(['alpha']);
    await store.close();
  });

  it('finds, counts and updates records', async () => {
    const store = await open();
    const t = await store.tenant('alpha');
    const one = await t.add('contacts', { email: 'a@example.com', status: 'pending' });
    await t.add('contacts', { email: 'b@example.com', status: 'pending' });
    expect(await t.count('contacts', { status: 'pending' })).toBe(2);
    const updated = await t.update('contacts', one.id, { status: 'confirmed', id: 'ignored' });
    expect(updated).toMatchObject({ id: one.id, status: 'confirmed' });
    expect(await t.find('contacts', { email: 'a@example.com' })).toMatchObject({ status: 'confirmed' });
    expect(await t.update('contacts', 'no-such-id', { status: 'x' })).toBeUndefined();
    // What update hands back is a copy: changing it changes nothing stored.
    const copy = await t.update('contacts', one.id, { status: 'confirmed' });
    if (copy) copy.status = 'tampered';
    expect(await t.find('contacts', { email: 'a@example.com' })).toMatchObject({ status: 'confirmed' });
    await store.close();
  });

  it('updates only while the record still holds what the caller saw, one of many at once', async () => {
    const store = await open();
    const t = await store.tenant('alpha');
    const order = await t.add('orders', { number: 'A1' });
    // Ten movers see it new at once: exactly one moves it on.
    const moved = await Promise.all(Array.from({ length: 10 }, () => t.update('orders', order.id, { stage: 'preparing' }, { stage: undefined })));
    expect(moved.filter(Boolean)).toHaveLength(1);
    expect(await t.update('orders', order.id, { stage: 'ready' }, { stage: 'new' })).toBeUndefined();
    expect(await t.update('orders', order.id, { stage: 'ready' }, { stage: 'preparing' })).toMatchObject({ stage: 'ready', number: 'A1' });
    expect(await t.find('orders', { number: 'A1' })).toMatchObject({ stage: 'ready' });
    await store.close();
  });

  it('removes the records it is given, and only those', async () => {
    const store = await open();
    const t = await store.tenant('alpha');
    const a = await t.add('submissions', { email: 'a@example.com' });
    const b = await t.add('submissions', { email: 'b@example.com' });
    expect(await t.remove('submissions', [a.id, 'no-such-id'])).toBe(1);
    expect(await t.list('submissions')).toEqual([b]);
    expect(await t.remove('submissions', [a.id])).toBe(0);
    await store.close();
  });

  it('loses nothing under 500 concurrent writes', async () => {
    const store = await open();
    const t = await store.tenant('alpha');
    await Promise.all(Array.from({ length: 500 }, (_, i) => t.add('submissions', { n: i })));
    const all = await t.list('submissions');
    expect(new Set(all.map((r) => r.n)).size).toBe(500);
    await store.close();
  });
}

/** What a store never oversells, however many ask at once: places, keys written once, balances, slots. */
function sharing(open: Open) {
  it('never fills a capacity past its limit, even when many ask at once', async () => {
    const store = await open();
    const t = await store.tenant('alpha');
    const results = await Promise.all(Array.from({ length: 60 }, (_, i) => t.addWithinCapacity('registrations', { form: 'camp' }, 25, { form: 'camp', n: i })));
    expect(results.filter((r) => 'added' in r)).toHaveLength(25);
    expect(results.filter((r) => 'refused' in r && r.refused === 'full')).toHaveLength(35);
    expect(await t.count('registrations', { form: 'camp' })).toBe(25);
    await store.close();
  });

  it('takes one place per address when asked, even when the same address asks many times at once', async () => {
    const store = await open();
    const t = await store.tenant('alpha');
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.addWithinCapacity(
          'registrations',
          { form: 'yoga' },
          10,
          { form: 'yoga', email: i % 3 === 0 ? 'ann@example.com' : `p${i}@example.com`, n: i },
          { email: i % 3 === 0 ? 'ann@example.com' : `p${i}@example.com` },
        ),
      ),
    );
    expect(results.filter((r) => 'refused' in r && r.refused === 'repeat')).toHaveLength(3);
    expect(await t.count('registrations', { form: 'yoga', email: 'ann@example.com' })).toBe(1);
    expect(await t.count('registrations', { form: 'yoga' })).toBe(9);
    await store.close();
  });

  it('keeps a keyed record once, however often and however many at once it is added', async () => {
    const store = await open();
    const t = await store.tenant('alpha');
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => t.addOnce('ledger', { key: 'paid:c1' }, { key: 'paid:c1', n: i })));
    expect(results.filter((r) => 'added' in r)).toHaveLength(1);
    const kept = results.find((r) => 'added' in r);
    expect(results.filter((r) => 'existing' in r && kept && 'added' in kept && r.existing.id === kept.added.id)).toHaveLength(29);
    expect(await t.count('ledger', { key: 'paid:c1' })).toBe(1);
    await store.close();
  });

  it('never takes a balance below zero, even when 200 take from it at once', async () => {
    const store = await open();
    const t = await store.tenant('alpha');
    await t.add('ledger', { account: 'GIFT-1', delta: 5 * 3000 });
    await t.add('ledger', { account: 'GIFT-2', delta: 100_000 });
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => t.addWithinBalance('ledger', { account: 'GIFT-1' }, 'delta', { account: 'GIFT-1', delta: -3000, n: i })),
    );
    expect(results.filter((r) => 'added' in r)).toHaveLength(5);
    expect(results.filter((r) => 'refused' in r)).toHaveLength(195);
    const left = (await t.list('ledger', { account: 'GIFT-1' })).reduce((sum, r) => sum + (r.delta as number), 0);
    expect(left).toBe(0);
    expect(await t.addWithinBalance('ledger', { account: 'GIFT-2' }, 'delta', { account: 'GIFT-2', delta: 2500 })).toMatchObject({ balance: 102_500 });
    // The same redemption sent ten times at once is taken once.
    const same = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.addWithinBalance('ledger', { account: 'GIFT-2' }, 'delta', { account: 'GIFT-2', delta: -100, key: 'redeem:1' }, { key: 'redeem:1' }),
      ),
    );
    expect(same.filter((r) => 'added' in r)).toHaveLength(1);
    expect(same.filter((r) => 'refused' in r && r.refused === 'repeat')).toHaveLength(9);
    await store.close();
  });

  it('never sells a slot twice: 200 at once for a whole room take it once', async () => {
    const store = await open();
    const t = await store.tenant('alpha');
    const now = Date.parse('2026-06-15T12:00:00Z');
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        t.takePlaces(
          'bookings',
          { slot: 'vault@2026-06-20T18:00' },
          1,
          { slot: 'vault@2026-06-20T18:00', places: 1, n: i, expiresAt: '2026-06-15T12:10:00Z' },
          now,
        ),
      ),
    );
    expect(results.filter((r) => 'added' in r)).toHaveLength(1);
    await store.close();
  });

  it('fills a class with places, counting party sizes and live holds, and frees what lapsed holds kept', async () => {
    const store = await open();
    const t = await store.tenant('alpha');
    const now = Date.parse('2026-06-15T12:00:00Z');
    const where = { slot: 'yoga@2026-06-20T09:00' };
    const one = await Promise.all(Array.from({ length: 50 }, (_, i) => t.takePlaces('bookings', where, 12, { ...where, places: 1, n: i }, now)));
    expect(one.filter((r) => 'added' in r)).toHaveLength(12);
    expect(one.filter((r) => 'refused' in r).every((r) => r.left === 0)).toBe(true);

    const room = { slot: 'lab@2026-06-20T18:00' };
    expect(await t.takePlaces('bookings', room, 8, { ...room, places: 5, expiresAt: '2026-06-15T12:10:00Z' }, now)).toMatchObject({ left: 3 });
    expect(await t.takePlaces('bookings', room, 8, { ...room, places: 4 }, now)).toEqual({ refused: 'full', left: 3 });
    // Ten minutes on, the hold has lapsed: its places are free again.
    const later = Date.parse('2026-06-15T12:10:00Z');
    expect(await t.takePlaces('bookings', room, 8, { ...room, places: 8 }, later)).toMatchObject({ left: 0 });
    for (const places of [0, -1, 2.5, Number.NaN])
      expect(await t.takePlaces('bookings', { slot: 'x' }, 8, { slot: 'x', places }, now)).toMatchObject({ refused: 'full' });
    await store.close();
  });
}

const ANA = 'ana@example.com';
const BO = 'bo@example.com';

/** The uploads a record names (a form's attachments). */
const filesOf = (record: Record<string, unknown>) => (Array.isArray(record.files) ? (record.files as { file: string; filename: string }[]) : []);

/**
 * Every kind the kernel and the registry's blocks declare, each tried with its own example: kept
 * and read back, and erased (or kept for the accounts, or left) as its declaration says. A block
 * added to the registry is covered here without being named.
 */
function declaredKinds(open: Open, registry: RecordRegistry) {
  const declared = declaredRecords(registry);
  const erasing = (onErase: 'delete' | 'keep') => declared.filter((d) => d.personal && d.personal.onErase === onErase);

  it('takes every declared kind of record, and hands back what it keeps', async () => {
    const store = await open();
    const t = await store.tenant('alpha');
    for (const { kind, example } of declared) {
      const saved = await t.add(kind, example(ANA));
      expect(saved, kind).toMatchObject(example(ANA));
      expect(await t.list(kind), kind).toEqual([saved]);
      expect(await t.find(kind, { id: saved.id }), kind).toEqual(saved);
      expect(await t.count(kind), kind).toBe(1);
    }
    expect(await store.sitesWithData()).toEqual(['alpha']);
    await store.close();
  });

  it('erases a person from every kind that holds them, with their files and links, keeps what the accounts need, and leaves everyone else', async () => {
    const store = await open();
    const uploads = await mkdtemp(join(tmpdir(), 'sitewright-uploads-'));
    await mkdir(join(uploads, 'alpha'));
    const t = await store.tenant('alpha');
    const index = await store.tenant(CONTACT_INDEX);
    for (const { kind, personal, example } of declared)
      for (const email of [ANA, BO]) {
        const record = example(email);
        await t.add(kind, record);
        if (personal && personal.files) for (const f of filesOf(record)) await writeFile(join(uploads, 'alpha', f.file), 'sent with the form');
        if (personal && personal.contactLinks && typeof record.key === 'string') await index.add('contacts', { key: record.key, prefix: 'alpha' });
      }

    const erased = await erasePerson(store, uploads, 'alpha', ' Ana@Example.com ', registry);
    expect(erased.records).toEqual(Object.fromEntries(erasing('delete').map((d) => [d.kind, 1])));
    expect(erased.kept).toBe(erasing('keep').length);
    for (const { kind, personal, example } of declared) {
      const left = personal && personal.onErase === 'delete' ? [example(BO)] : [example(ANA), example(BO)];
      expect(await t.list(kind), kind).toMatchObject(left);
    }
    const withFiles = erasing('delete').filter((d) => d.personal && d.personal.files);
    expect(erased.files).toEqual(withFiles.flatMap((d) => filesOf(d.example(ANA)).map((f) => f.filename)));
    expect((await readdir(join(uploads, 'alpha'))).sort()).toEqual(withFiles.flatMap((d) => filesOf(d.example(BO)).map((f) => f.file)).sort());
    const withLinks = erasing('delete').filter((d) => d.personal && d.personal.contactLinks);
    expect((await index.list('contacts')).map((e) => e.key)).toEqual(withLinks.map((d) => d.example(BO).key));
    await store.close();
  });

  it('refuses a kind whose name is malformed, and takes one named like what every object has', async () => {
    const store = await open();
    const t = await store.tenant('alpha');
    for (const kind of ['', 'Submissions', 'order-steps', 'order_steps', '1st', '__proto__', 'with space', `k${'a'.repeat(40)}`]) {
      const attempts = [
        () => t.add(kind, { n: 1 }),
        () => t.list(kind),
        () => t.count(kind),
        () => t.update(kind, 'no-such-id', { n: 2 }),
        () => t.remove(kind, ['no-such-id']),
        () => t.addOnce(kind, { key: 'k' }, { key: 'k' }),
      ];
      for (const attempt of attempts) {
        const error = await attempt().catch((e: unknown) => e);
        expect(error, kind).toBeInstanceOf(StoreError);
        expect((error as StoreError).code, kind).toBe('SW_RECORD_KIND');
      }
    }
    for (const kind of ['constructor', 'toString', 'hasOwnProperty', `k${'a'.repeat(39)}`]) {
      expect(await t.list(kind), kind).toEqual([]);
      const saved = await t.add(kind, { n: 1 });
      expect(await t.list(kind), kind).toEqual([saved]);
    }
    await store.close();
  });
}
