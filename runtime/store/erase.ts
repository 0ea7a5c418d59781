/**
 * A person's right to erasure: every record of a site that holds their e-mail address (as the
 * address itself or as any answer), the files they sent with them, and their confirmation links.
 * Entries of the ledger (payments, donations, gift certificates) are records the business must
 * keep for its accounts: they stay, and are counted so the person can be told.
 */
import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { DESK_KINDS, RECORD_KINDS, type RecordKind, type StoredRecord, type Store } from './store.ts';

/** Where the contact links' keys point at their sites (see runtime/server/contacts.ts). */
const CONTACT_INDEX = '_contacts';

/** Carts, stock and order steps hold item ids, counts, order ids and times only: nothing of a person to erase. The desk's kinds are the owners' own. */
const KEPT = ['ledger', 'carts', 'stock', 'orderSteps', ...DESK_KINDS] as const;
type Erasable = Exclude<RecordKind, (typeof KEPT)[number]>;
const isErasable = (kind: RecordKind): kind is Erasable => !(KEPT as readonly string[]).includes(kind);

export interface Erased {
  records: Record<Erasable, number>;
  /** Ledger entries that hold the address and are kept (money records). */
  kept: number;
  files: string[];
}

const normal = (text: string) => text.trim().toLowerCase();

/** Whether a record belongs to the address: its own e-mail, or any answer that is that address. */
function holds(record: StoredRecord, address: string): boolean {
  if (typeof record.email === 'string' && normal(record.email) === address) return true;
  const answers = (record.answers ?? {}) as Record<string, unknown>;
  return Object.values(answers).some((v) => typeof v === 'string' && normal(v) === address);
}

export async function erasePerson(store: Store, uploadsDir: string, prefix: string, email: string): Promise<Erased> {
  const address = normal(email);
  const tenant = await store.tenant(prefix);
  const erased: Erased = { records: { submissions: 0, registrations: 0, contacts: 0, bookings: 0, orders: 0 }, kept: 0, files: [] };
  erased.kept = (await tenant.list('ledger')).filter((r) => holds(r, address)).length;
  for (const kind of RECORD_KINDS) {
    if (!isErasable(kind)) continue;
    const theirs = (await tenant.list(kind)).filter((r) => holds(r, address));
    erased.records[kind] = await tenant.remove(
      kind,
      theirs.map((r) => r.id),
    );
    for (const record of theirs) {
      for (const file of (record.files ?? []) as { file: string; filename: string }[]) {
        await unlink(join(uploadsDir, prefix, file.file)).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error;
        });
        erased.files.push(file.filename);
      }
      if (kind === 'contacts' && typeof record.key === 'string') {
        const index = await store.tenant(CONTACT_INDEX);
        const entries = await index.list('contacts', { key: record.key });
        await index.remove(
          'contacts',
          entries.map((e) => e.id),
        );
      }
    }
  }
  return erased;
}
