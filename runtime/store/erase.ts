/**
 * A person's right to erasure: every record of a site that holds their e-mail address where its
 * kind's declaration says a person's goes (see RecordDeclaration), the files they sent with them,
 * and their confirmation links. Records kept for the accounts (the ledger's payments, donations,
 * gift certificates) stay, and are counted so the person can be told.
 */
import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { declaredRecords, type PersonalFields, type RecordRegistry } from './records.ts';
import type { StoredRecord, Store } from './store.ts';

/** Where the contact links' keys point at their sites (see runtime/server/contacts.ts), kept under the kind 'contacts'. */
export const CONTACT_INDEX = '_contacts';

export interface Erased {
  /** How many records of each kind that erasure deletes went, every such kind named (0 when none held the address). */
  records: Record<string, number>;
  /** Records that hold the address and are kept for the accounts (money records). */
  kept: number;
  files: string[];
}

const normal = (text: string) => text.trim().toLowerCase();

/** Whether a record belongs to the address: one of its e-mail fields, or any of its answers, is that address. */
function holds(record: StoredRecord, address: string, personal: PersonalFields): boolean {
  const is = (value: unknown) => typeof value === 'string' && normal(value) === address;
  if (personal.emailFields.some((field) => is(record[field]))) return true;
  return (personal.answerFields ?? []).some((field) => Object.values((record[field] ?? {}) as Record<string, unknown>).some(is));
}

/** Deletes the files a record names from the site's uploads folder; their names as the sender gave them. */
async function deleteFiles(uploadsDir: string, prefix: string, record: StoredRecord): Promise<string[]> {
  const names: string[] = [];
  for (const file of (record.files ?? []) as { file: string; filename: string }[]) {
    await unlink(join(uploadsDir, prefix, file.file)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    names.push(file.filename);
  }
  return names;
}

/**
 * Erases what the address sent to the site `prefix`, for every kind of record the kernel and the
 * registry's blocks declare personal.
 */
export async function erasePerson(store: Store, uploadsDir: string, prefix: string, email: string, registry: RecordRegistry): Promise<Erased> {
  const address = normal(email);
  const tenant = await store.tenant(prefix);
  const erased: Erased = { records: {}, kept: 0, files: [] };
  for (const { kind, personal } of declaredRecords(registry)) {
    if (!personal || personal.onErase === 'leave') continue;
    const theirs = (await tenant.list(kind)).filter((r) => holds(r, address, personal));
    if (personal.onErase === 'keep') {
      erased.kept += theirs.length;
      continue;
    }
    erased.records[kind] = await tenant.remove(
      kind,
      theirs.map((r) => r.id),
    );
    for (const record of theirs) {
      if (personal.files) erased.files.push(...(await deleteFiles(uploadsDir, prefix, record)));
      if (personal.contactLinks && typeof record.key === 'string') {
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
