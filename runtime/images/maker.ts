/**
 * Makes the sized copies of photos with sharp and keeps them on disk, named by the hash of the
 * file they come from, so each copy is made once whatever site, instance or export asks for it.
 *
 * Copies are made one (or `jobs`) at a time, each in sharp's own threads, off the event loop: a
 * copy a visitor is waiting for goes to the front of the line, and copies made ahead of time
 * (every copy of a site's photos, from its first request) wait behind. A copy is written to a
 * temporary file and renamed into place, so a copy on disk is always whole, even with several
 * instances sharing the folder.
 */
import { randomBytes } from 'node:crypto';
import { access, chmod, mkdir, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Site } from '../site.ts';
import { readMediaFile, type MediaSource } from '../media-file.ts';
import { loadSharp, type ImageFacts } from './facts.ts';
import { planOf, variantName, type VariantFormat } from './variants.ts';

interface Job {
  file: string;
  make: () => Promise<void>;
  promise: Promise<string>;
  resolve: (file: string) => void;
  reject: (error: Error) => void;
}

/** Quality settings: AVIF at effort 2 (sharp's default 4 takes about six times longer for a few percent fewer bytes). */
const ENCODE = {
  avif: { quality: 50, effort: 2 },
  webp: { quality: 75 },
  jpeg: { quality: 78, mozjpeg: true },
  png: { compressionLevel: 9 },
} as const;

/** A photo beyond this many pixels is not read at all (a 100-megapixel file would take a great deal of memory). */
const MOST_PIXELS = 100_000_000;

export class ImageVariants {
  /** Copies this process has written: a second request or run for the same copy adds none. */
  made = 0;
  private readonly queue: Job[] = [];
  private readonly jobs = new Map<string, Job>();
  private running = 0;
  private readonly warmed = new WeakSet<Site>();
  private closed = false;

  constructor(
    /** The folder the copies are kept in (DATA_DIR/image-variants for the server). */
    readonly dir: string,
    /** How many copies are made at once. */
    private readonly parallel = 1,
  ) {}

  /** Where a copy is kept: a folder per first two hex digits, so no folder holds too many files. */
  fileOf(hash: string, width: number, format: VariantFormat): string {
    return join(this.dir, hash.slice(0, 2), variantName(hash, width, format));
  }

  /** The path of a copy on disk, made first when it is not there yet (`urgent`: ahead of copies made in advance). */
  async get(source: MediaSource, facts: ImageFacts, width: number, format: VariantFormat, urgent = true): Promise<string> {
    const file = this.fileOf(facts.hash, width, format);
    if (!this.jobs.has(file) && (await exists(file))) return file;
    // Looked up after the disk: another caller may have queued the same copy meanwhile.
    const known = this.jobs.get(file);
    if (known) {
      if (urgent) this.moveToFront(known);
      return known.promise;
    }
    return this.enqueue(file, () => this.make(source, file, width, format), urgent);
  }

  /**
   * Makes every copy of the photos a site shows, one after another behind what visitors ask for,
   * once per loaded version of the site: a page's copies are then usually ready before anyone asks.
   */
  async warm(site: Site, sitesDir: string): Promise<void> {
    if (this.warmed.has(site) || this.closed) return;
    this.warmed.add(site);
    const copies = [...site.images].flatMap(([name, facts]) => {
      const plan = planOf(facts);
      const source = { folder: join(sitesDir, site.prefix, 'media'), name };
      return plan ? plan.widths.flatMap((width) => plan.formats.map((format) => ({ source, facts, width, format }))) : [];
    });
    // One after another: a gallery of 48 photos never floods the disk with questions, nor the queue with jobs.
    for (const { source, facts, width, format } of copies) {
      if (this.closed) return;
      await this.get(source, facts, width, format, false).catch(() => {});
    }
  }

  /** Drops what is queued and waits for the copies being made. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) {
      this.jobs.delete(job.file);
      job.reject(new Error('the image copies were closed'));
    }
    await Promise.allSettled([...this.jobs.values()].map((j) => j.promise));
  }

  private enqueue(file: string, make: () => Promise<void>, urgent: boolean): Promise<string> {
    if (this.closed) return Promise.reject(new Error('the image copies were closed'));
    let resolve!: (file: string) => void;
    let reject!: (error: Error) => void;
    const promise = new Promise<string>((yes, no) => {
      resolve = yes;
      reject = no;
    });
    const job: Job = { file, make, promise, resolve, reject };
    this.jobs.set(file, job);
    if (urgent) this.queue.unshift(job);
    else this.queue.push(job);
    this.pump();
    return promise;
  }

  private moveToFront(job: Job): void {
    const at = this.queue.indexOf(job);
    if (at > 0) this.queue.unshift(...this.queue.splice(at, 1));
  }

  private pump(): void {
    while (this.running < this.parallel && this.queue.length) {
      const job = this.queue.shift() as Job;
      this.running++;
      job
        .make()
        .then(
          () => job.resolve(job.file),
          (error: Error) => job.reject(error),
        )
        .finally(() => {
          this.jobs.delete(job.file);
          this.running--;
          this.pump();
        });
    }
  }

  private async make(source: MediaSource, file: string, width: number, format: VariantFormat): Promise<void> {
    const sharp = await loadSharp();
    // Kept beside visitors' data, the copies are this user's alone like the rest (folders made before too).
    const folder = join(file, '..');
    await mkdir(folder, { recursive: true, mode: 0o700 });
    await Promise.all([chmod(folder, 0o700), chmod(this.dir, 0o700)]);
    const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      // rotate() turns the picture as its EXIF orientation says; the copy keeps no EXIF (no camera, no place).
      // Read as the file is now, never through a link put in its place since the site loaded.
      const bytes = await readMediaFile(source);
      if (!bytes) throw new Error(`${source.name} is no longer a file of the media folder`);
      const pipeline = sharp(bytes, { limitInputPixels: MOST_PIXELS }).rotate().resize({ width, withoutEnlargement: true });
      if (format === 'avif') pipeline.avif(ENCODE.avif);
      else if (format === 'webp') pipeline.webp(ENCODE.webp);
      else if (format === 'png') pipeline.png(ENCODE.png);
      else pipeline.jpeg(ENCODE.jpeg);
      await pipeline.toFile(temporary);
      await chmod(temporary, 0o600);
      await rename(temporary, file);
      this.made++;
    } catch (error) {
      await unlink(temporary).catch(() => {});
      throw error;
    }
  }
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );
