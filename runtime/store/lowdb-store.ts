import { createHash, randomUUID } from 'node:crypto';
import { chmod, mkdir, open, readdir, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Low } from 'lowdb';
import { JSONFile } from 'lowdb/node';
import {
  checkKind,
  isKindName,
  matches,
  stillHolds,
  StoreError,
  placesFit,
  sumOf,
  type BalanceResult,
  type CapacityResult,
  type OnceResult,
  type PlaceLimit,
  type PlacesResult,
  type RecordKind,
  type Store,
  type StoredRecord,
  type TenantStore,
} from './store.ts';

/** A site's file: its records by kind, a kind there once something of it was written. */
type Data = Record<RecordKind, StoredRecord[]>;

/**
 * The embedded store: one JSON file per site in the data folder, written with lowdb. Every
 * write goes to a temporary file that is then renamed over the old one (steno, lowdb's writer),
 * so a crash leaves either the old file or the new one, never half of one. A record is
 * acknowledged only after its write has finished. One process owns the data folder: a lock
 * file with its process id refuses a second one at start-up.
 */
export class LowdbStore implements Store {
  private tenants = new Map<string, Promise<LowdbTenant>>();
  private lockFile: string;

  private constructor(
    readonly dataDir: string,
    private readonly readOnly: boolean,
  ) {
    this.lockFile = join(dataDir, '.sitewright.lock');
  }

  /** Opens the data folder for writing (taking its lock), or for reading only (an export beside a running server). */
  static async open(dataDir: string, options: { readOnly?: boolean } = {}): Promise<LowdbStore> {
    const store = new LowdbStore(dataDir, Boolean(options.readOnly));
    if (store.readOnly) return store;
    // Visitors' data is for this server's user alone: the folder 0700, each file 0600.
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    await chmod(dataDir, 0o700);
    await store.lock();
    return store;
  }

  private async lock(): Promise<void> {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const handle = await open(this.lockFile, 'wx', 0o600);
        await handle.writeFile(String(process.pid));
        await handle.close();
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const pid = Number((await readFile(this.lockFile, 'utf8').catch(() => '')).trim());
        if (pid && alive(pid)) {
          throw new StoreError(
            `Another Sitewright process (pid ${pid}) is already writing to ${this.dataDir}. Stop it, or give this one its own DATA_DIR.`,
            'SW_DATA_LOCKED',
          );
        }
        // The process that held the lock is gone: take it over.
        await unlink(this.lockFile).catch(() => {});
      }
    }
    throw new StoreError(`Could not lock ${this.dataDir}.`, 'SW_DATA_LOCKED');
  }

  tenant(prefix: string): Promise<TenantStore> {
    return this.opened(prefix);
  }

  /** The kinds of record a site's file holds (for copying it whole into another store). */
  async kinds(prefix: string): Promise<RecordKind[]> {
    return (await this.opened(prefix)).kinds();
  }

  private opened(prefix: string): Promise<LowdbTenant> {
    let tenant = this.tenants.get(prefix);
    if (!tenant) {
      tenant = LowdbTenant.open(join(this.dataDir, `${prefix}.json`), this.readOnly);
      // A file that could not be read is tried again next time, after someone has fixed it.
      tenant.catch(() => this.tenants.delete(prefix));
      this.tenants.set(prefix, tenant);
    }
    return tenant;
  }

  async sitesWithData(): Promise<string[]> {
    const files = await readdir(this.dataDir).catch(() => [] as string[]);
    // Each site's file is its prefix; the platform's own files (the contacts index) start with "_".
    return files
      .filter((f) => /^[a-z][a-z0-9]*\.json$/.test(f))
      .map((f) => f.slice(0, -'.json'.length))
      .sort();
  }

  async close(): Promise<void> {
    for (const tenant of this.tenants.values())
      await tenant.then(
        (t) => t.idle(),
        () => {},
      );
    this.tenants.clear();
    if (this.readOnly) return;
    const pid = Number((await readFile(this.lockFile, 'utf8').catch(() => '')).trim());
    if (pid === process.pid) await unlink(this.lockFile).catch(() => {});
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A digest of a file's bytes, or null when there is no file. */
async function digestOf(file: string): Promise<string | null> {
  const bytes = await readFile(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  return bytes && createHash('sha256').update(bytes).digest('hex');
}

class LowdbTenant implements TenantStore {
  /** Every change runs after the one before it, so a read-modify-write is never interleaved. */
  private queue: Promise<unknown> = Promise.resolve();
  /** The file as this server last read or wrote it: anything else there means someone else changed it. */
  private known: string | null = null;
  /** Set once the file was found changed behind this server's back: it writes no more, rather than undo that change. */
  private changed?: StoreError;

  private constructor(
    private readonly db: Low<Data>,
    private readonly readOnly: boolean,
    private readonly file: string,
  ) {}

  static async open(file: string, readOnly = false): Promise<LowdbTenant> {
    const db = new Low<Data>(new JSONFile<Data>(file), {});
    try {
      await db.read();
    } catch (error) {
      throw new StoreError(
        `${file} cannot be read (${(error as Error).message}). It has been left exactly as it is: repair or move it, then reload the site.`,
        'SW_DATA_UNREADABLE',
      );
    }
    db.data = { ...db.data };
    const tenant = new LowdbTenant(db, readOnly, file);
    tenant.known = await digestOf(file);
    return tenant;
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    if (this.readOnly) return Promise.reject(new Error('this store was opened to read only'));
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => {});
    return next;
  }

  idle(): Promise<unknown> {
    return this.queue;
  }

  kinds(): RecordKind[] {
    return Object.keys(this.db.data).filter((kind) => isKindName(kind) && Array.isArray(this.db.data[kind]));
  }

  /**
   * The records of a kind, as kept in memory (a kind never written has none). Only the file's own
   * keys count: a kind named like something every object has ("constructor") is a kind like any other.
   */
  private records(kind: RecordKind): StoredRecord[] {
    checkKind(kind);
    return Object.hasOwn(this.db.data, kind) ? (this.db.data[kind] as StoredRecord[]) : [];
  }

  /** Appends and writes; if the write fails the record is taken back out, so memory never holds what disk does not. */
  private async append(kind: RecordKind, record: Record<string, unknown>): Promise<StoredRecord> {
    const stored = { ...record, id: randomUUID(), createdAt: new Date().toISOString() };
    const list = this.records(kind);
    const isNew = !Object.hasOwn(this.db.data, kind);
    this.db.data[kind] = list;
    list.push(stored);
    try {
      await this.write();
    } catch (error) {
      list.splice(list.indexOf(stored), 1);
      if (isNew) delete this.db.data[kind];
      throw error;
    }
    return stored;
  }

  /** Writes the whole file (a temporary file renamed over it) and keeps it readable by this user alone. */
  private async write(): Promise<void> {
    if (this.changed) throw this.changed;
    if ((await digestOf(this.file)) !== this.known) {
      this.changed = new StoreError(
        `${this.file} was changed by something other than this server after it was read. Writing now would undo that change, so this site takes no more posts until the server is restarted (it then reads the file as it is).`,
        'SW_DATA_CHANGED',
      );
      throw this.changed;
    }
    await this.db.write();
    await chmod(this.file, 0o600);
    this.known = await digestOf(this.file);
  }

  add(kind: RecordKind, record: Record<string, unknown>): Promise<StoredRecord> {
    return this.serial(() => this.append(kind, record));
  }

  addWithinCapacity(
    kind: RecordKind,
    where: Record<string, unknown>,
    capacity: number,
    record: Record<string, unknown>,
    once?: Record<string, unknown>,
  ): Promise<CapacityResult> {
    return this.serial(async (): Promise<CapacityResult> => {
      const taken = this.records(kind).filter((r) => matches(r, where));
      if (once && taken.some((r) => matches(r, once))) return { refused: 'repeat' };
      if (taken.length >= capacity) return { refused: 'full' };
      return { added: await this.append(kind, record) };
    });
  }

  addOnce(kind: RecordKind, where: Record<string, unknown>, record: Record<string, unknown>): Promise<OnceResult> {
    return this.serial(async (): Promise<OnceResult> => {
      const existing = this.records(kind).find((r) => matches(r, where));
      return existing ? { existing: { ...existing } } : { added: await this.append(kind, record) };
    });
  }

  addWithinBalance(
    kind: RecordKind,
    where: Record<string, unknown>,
    field: string,
    record: Record<string, unknown>,
    once?: Record<string, unknown>,
  ): Promise<BalanceResult> {
    return this.serial(async (): Promise<BalanceResult> => {
      const before = sumOf(
        this.records(kind).filter((r) => matches(r, where)),
        field,
      );
      if (once && this.records(kind).some((r) => matches(r, once))) return { refused: 'repeat', balance: before };
      const balance = before + sumOf([record], field);
      if (balance < 0) return { refused: 'balance', balance: before };
      return { added: await this.append(kind, record), balance };
    });
  }

  takePlaces(
    kind: RecordKind,
    where: Record<string, unknown>,
    capacity: number,
    record: Record<string, unknown> & { places: number },
    now: number,
  ): Promise<PlacesResult> {
    return this.takePlacesWithin(kind, [{ where, capacity }], record, now);
  }

  takePlacesWithin(
    kind: RecordKind,
    limits: readonly [PlaceLimit, ...PlaceLimit[]],
    record: Record<string, unknown> & { places: number },
    now: number,
  ): Promise<PlacesResult> {
    return this.serial(async (): Promise<PlacesResult> => {
      const counted = limits.map((limit) => this.records(kind).filter((r) => matches(r, limit.where)));
      const { fits, left } = placesFit(limits, counted, record, now);
      if (!fits) return { refused: 'full', left };
      return { added: await this.append(kind, record), left };
    });
  }

  remove(kind: RecordKind, ids: readonly string[]): Promise<number> {
    return this.serial(async () => {
      const gone = new Set(ids);
      const before = this.records(kind);
      const kept = before.filter((r) => !gone.has(r.id));
      if (kept.length === before.length) return 0;
      this.db.data[kind] = kept;
      try {
        await this.write();
      } catch (error) {
        this.db.data[kind] = before;
        throw error;
      }
      return before.length - kept.length;
    });
  }

  update(kind: RecordKind, id: string, patch: Record<string, unknown>, expect?: Record<string, unknown>): Promise<StoredRecord | undefined> {
    return this.serial(async () => {
      const record = this.records(kind).find((r) => r.id === id);
      if (!record || !stillHolds(record, expect)) return undefined;
      Object.assign(record, patch, { id: record.id, createdAt: record.createdAt });
      await this.write();
      // A copy, as list and find give: what a caller changes afterwards never reaches the store unwritten.
      return { ...record };
    });
  }

  async list(kind: RecordKind, where?: Record<string, unknown>): Promise<StoredRecord[]> {
    return this.records(kind)
      .filter((r) => matches(r, where))
      .map((r) => ({ ...r }));
  }

  async find(kind: RecordKind, where: Record<string, unknown>): Promise<StoredRecord | undefined> {
    const found = this.records(kind).find((r) => matches(r, where));
    return found && { ...found };
  }

  async count(kind: RecordKind, where?: Record<string, unknown>): Promise<number> {
    return this.records(kind).filter((r) => matches(r, where)).length;
  }
}
