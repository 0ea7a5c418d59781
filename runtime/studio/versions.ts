/**
 * The published versions of a site's document, in its own store. Versions are numbered 1, 2, 3…
 * with no gaps, and a version is only ever added on top of the newest: publishing names the
 * version the draft was started from, and the next number is taken once (checked and written in
 * one step), so of two editors publishing on the same version, one publishes and the other is
 * told what was published meanwhile. Each owner's draft is kept here too, as they type.
 */
import { createHash } from 'node:crypto';
import type { StoredRecord, TenantStore } from '../store/store.ts';

export type VersionSource = 'studio' | 'restore' | 'file';

export interface Version {
  number: number;
  text: string;
  digest: string;
  /** Who published it: an owner's address, or "file" for a change made to the file on disk. */
  email: string;
  name: string;
  source: VersionSource;
  message: string;
  at: string;
}

export interface Draft {
  text: string;
  base: number;
  at: string;
}

/** A stored field as text: what is not text is nothing. */
const str = (value: unknown) => (typeof value === 'string' ? value : '');

export const digestOf = (text: string) => createHash('sha256').update(text).digest('hex');

const asVersion = (r: StoredRecord): Version => ({
  number: Number(r.number),
  text: str(r.text),
  digest: str(r.digest),
  email: str(r.email),
  name: str(r.name),
  source: (['studio', 'restore', 'file'].includes(String(r.source)) ? r.source : 'studio') as VersionSource,
  message: str(r.message),
  at: str(r.at) || r.createdAt,
});

/** The newest version's number: 0 before the first. */
export const newestNumber = (tenant: TenantStore) => tenant.count('siteVersions');

export async function versionAt(tenant: TenantStore, number: number): Promise<Version | undefined> {
  if (!Number.isSafeInteger(number) || number < 1) return undefined;
  const found = await tenant.find('siteVersions', { number });
  return found && asVersion(found);
}

export async function newestVersion(tenant: TenantStore): Promise<Version | undefined> {
  return versionAt(tenant, await newestNumber(tenant));
}

/** Every version, newest first. */
export async function allVersions(tenant: TenantStore): Promise<Version[]> {
  return (await tenant.list('siteVersions')).map(asVersion).sort((a, b) => b.number - a.number);
}

export interface Publishing {
  /** The version the text was started from (0: none yet). */
  base: number;
  text: string;
  email: string;
  name: string;
  source: VersionSource;
  message: string;
  now: number;
}

export type Published = { published: Version } | { stale: Version };

/** Adds the text as the version after `base`, unless another version came after `base` first (then that one is `stale`). */
export async function publishVersion(tenant: TenantStore, p: Publishing): Promise<Published> {
  const newest = await newestNumber(tenant);
  if (newest !== p.base) return { stale: (await versionAt(tenant, newest)) as Version };
  const number = p.base + 1;
  const record = {
    number,
    text: p.text,
    digest: digestOf(p.text),
    email: p.email,
    name: p.name,
    source: p.source,
    message: p.message,
    at: new Date(p.now).toISOString(),
  };
  const added = await tenant.addOnce('siteVersions', { number }, record);
  return 'added' in added ? { published: asVersion(added.added) } : { stale: asVersion(added.existing) };
}

/**
 * The file's text as the newest version: kept as a version by "file" when it differs from the
 * newest (a change made on disk, or the first time the studio sees the site). Several instances
 * noting the same change keep it once.
 */
export async function noteFileVersion(tenant: TenantStore, text: string, now: number): Promise<Version> {
  // Each turn that fails found a newer version another instance added: a few turns at most.
  for (let turn = 0; ; turn++) {
    const newest = await newestVersion(tenant);
    if (newest?.digest === digestOf(text)) return newest;
    const done = await publishVersion(tenant, {
      base: newest?.number ?? 0,
      text,
      email: 'file',
      name: 'file',
      source: 'file',
      message: newest ? 'Changed in the file on the server' : 'The file on the server when its history began',
      now,
    });
    if ('published' in done) return done.published;
    if (turn >= 8) return done.stale;
  }
}

export async function draftOf(tenant: TenantStore, email: string): Promise<Draft | undefined> {
  const found = await tenant.find('studioDrafts', { email });
  return found && { text: str(found.text), base: Number(found.base) || 0, at: String(found.at) };
}

export async function saveDraft(tenant: TenantStore, email: string, draft: Draft): Promise<void> {
  const added = await tenant.addOnce('studioDrafts', { email }, { email, ...draft });
  if ('existing' in added) await tenant.update('studioDrafts', added.existing.id, { ...draft });
}

/** The draft is gone once published (the next one starts from the new version). */
export async function dropDraft(tenant: TenantStore, email: string): Promise<void> {
  const found = await tenant.find('studioDrafts', { email });
  if (found) await tenant.remove('studioDrafts', [found.id]);
}
