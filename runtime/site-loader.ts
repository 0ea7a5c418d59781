import type { Worker } from 'node:worker_threads';
import { siteFromParts, type LoadResult } from './config/load-site.ts';
import type { Problem } from './config/problem.ts';
import { displayFile } from './fleet.ts';
import type { FromLoader, LoaderData, ToLoader } from './load-thread.ts';
import type { DraftChecked, DraftPost } from './studio/draft-post.ts';
import { startThread } from './thread.ts';
import type { BlockRegistry } from '../blocks/contract.ts';

/** How much each read may take: threads, time and memory. */
export interface SiteLoaderBudget {
  /** Threads reading documents at once (each one site at a time). */
  threads?: number;
  /** How long one document may take to read, from the moment a thread starts on it. */
  deadlineMs?: number;
  /** The heap each thread may use; a document that needs more stops its thread, not the server. */
  memoryMb?: number;
}

export interface SiteLoaderOptions extends SiteLoaderBudget {
  /** The blocks sites may use, to build each site the threads have checked. */
  blocks: BlockRegistry;
  /**
   * Where the threads import the same registry from (a module URL that exports `BLOCKS`): a thread
   * is handed only plain data, never the functions of the blocks.
   */
  blocksModule: string;
}

/** The budget from the environment: SITE_LOAD_THREADS, SITE_LOAD_TIMEOUT_MS and SITE_LOAD_MEMORY_MB. */
export function loaderOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): SiteLoaderBudget {
  const number = (name: string) => {
    const value = Number(env[name]);
    return Number.isInteger(value) && value > 0 ? value : undefined;
  };
  return { threads: number('SITE_LOAD_THREADS'), deadlineMs: number('SITE_LOAD_TIMEOUT_MS'), memoryMb: number('SITE_LOAD_MEMORY_MB') };
}

interface Job {
  id: number;
  sitesDir: string;
  prefix: string;
  draft?: string | DraftPost;
  done: (result: DraftChecked) => void;
}

interface Thread {
  worker: Worker;
  ready: boolean;
  job?: Job;
  timer?: NodeJS.Timeout;
  /** Ends a thread left idle: its memory (a copy of every block's code) goes back between reloads. */
  idleTimer?: NodeJS.Timeout;
}

/** How long an idle thread is kept for the next read. */
const IDLE_MS = 30_000;

/** How long the last document took in its thread, by prefix: what a reload reports, and what the budget tests read. */
export type LoadTimes = Map<string, number>;

/**
 * Reads site documents in worker threads, each within a deadline and a memory limit, so that no
 * document, however large or strange, can stall the thread that serves pages or hold up another
 * site for long: a thread that runs past its budget is stopped and its site gets SW_LOAD_TIMEOUT.
 * Loads asked for by a visitor go to the front of the queue.
 */
export class SiteLoader {
  readonly threads: number;
  readonly deadlineMs: number;
  readonly memoryMb: number;
  readonly times: LoadTimes = new Map();
  private readonly blocks: BlockRegistry;
  private readonly blocksModule: string;
  private readonly pool = new Set<Thread>();
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(options: SiteLoaderOptions) {
    this.blocks = options.blocks;
    this.blocksModule = options.blocksModule;
    this.threads = options.threads ?? 2;
    this.deadlineMs = options.deadlineMs ?? 10_000;
    this.memoryMb = options.memoryMb ?? 256;
  }

  /** The site in the folder, read in a thread of the pool. */
  load(sitesDir: string, prefix: string, { urgent = false } = {}): Promise<LoadResult> {
    if (this.closed) return Promise.reject(new Error('the site loader is closed'));
    return new Promise((done) => {
      const job = { id: this.nextId++, sitesDir, prefix, done };
      if (urgent) this.queue.unshift(job);
      else this.queue.push(job);
      this.pump();
    });
  }

  /**
   * A draft of the site's document read in a thread within the same budget as the file, with the
   * folder's media: its problems, the site it would be, and where each page's blocks are. A post's
   * bytes are read there too (see checkDraftPost).
   */
  check(sitesDir: string, prefix: string, draft: string | DraftPost): Promise<DraftChecked> {
    if (this.closed) return Promise.reject(new Error('the site loader is closed'));
    return new Promise((done) => {
      this.queue.push({ id: this.nextId++, sitesDir, prefix, draft, done });
      this.pump();
    });
  }

  /** Moves a site's read that is still waiting for a thread to the front of the queue. */
  hurry(prefix: string): void {
    const at = this.queue.findIndex((job) => job.prefix === prefix && job.draft === undefined);
    if (at > 0) this.queue.unshift(...this.queue.splice(at, 1));
  }

  /** Stops every thread; loads under way are not finished. */
  async close(): Promise<void> {
    this.closed = true;
    const threads = [...this.pool];
    this.pool.clear();
    await Promise.all(threads.map((t) => (clearTimeout(t.timer), t.worker.terminate())));
  }

  private pump(): void {
    for (const thread of this.pool) {
      if (!this.queue.length) return;
      if (thread.ready && !thread.job) this.start(thread, this.queue.shift() as Job);
    }
    if (this.queue.length && this.pool.size < this.threads) this.spawn();
  }

  private spawn(): void {
    const worker = startThread(new URL('./load-thread.ts', import.meta.url), {
      workerData: { blocksModule: this.blocksModule } satisfies LoaderData,
      resourceLimits: { maxOldGenerationSizeMb: this.memoryMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
    });
    const thread: Thread = { worker, ready: false };
    this.pool.add(thread);
    worker.on('message', (message: FromLoader) => {
      if (message.type === 'ready') thread.ready = true;
      else if (thread.job?.id === message.id) this.finish(thread, message.result, message.ms);
      this.idle(thread);
    });
    // Out of memory, or a fault while starting: the thread is gone; its site is reported, the next thread takes the queue.
    const lost = (error?: Error) => this.lose(thread, error?.message.includes('memory') ? 'memory' : 'fault');
    worker.on('error', lost);
    worker.on('exit', () => lost());
  }

  private start(thread: Thread, job: Job): void {
    clearTimeout(thread.idleTimer);
    thread.job = job;
    thread.worker.ref();
    thread.timer = setTimeout(() => {
      this.lose(thread, 'time');
      void thread.worker.terminate();
    }, this.deadlineMs);
    // A post's bytes in a buffer of their own are handed over rather than copied (the request is done with them).
    const bytes = typeof job.draft === 'object' ? job.draft.bytes : undefined;
    const own = bytes && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
    thread.worker.postMessage({ id: job.id, sitesDir: job.sitesDir, prefix: job.prefix, draft: job.draft } satisfies ToLoader, own ? [bytes.buffer] : []);
  }

  private finish(thread: Thread, result: DraftChecked, ms: number): void {
    const job = thread.job as Job;
    clearTimeout(thread.timer);
    thread.job = undefined;
    if (job.draft === undefined) this.times.set(job.prefix, ms);
    const { parts, ...rest } = result;
    let done: DraftChecked = rest;
    try {
      if (parts) done = { ...rest, site: siteFromParts(parts, this.blocks) };
    } catch (error) {
      done = { ...rest, problems: [faultProblem(rest.file, error)] };
    }
    job.done(done);
  }

  /** An idle thread keeps no process alive: a command that loaded its sites may end. */
  private idle(thread: Thread): void {
    if (!thread.job) thread.worker.unref();
    this.pump();
    if (thread.job) return;
    clearTimeout(thread.idleTimer);
    thread.idleTimer = setTimeout(() => {
      if (thread.job || !this.pool.delete(thread)) return;
      void thread.worker.terminate();
    }, IDLE_MS).unref();
  }

  private lose(thread: Thread, why: 'time' | 'memory' | 'fault'): void {
    if (!this.pool.delete(thread)) return;
    clearTimeout(thread.timer);
    clearTimeout(thread.idleTimer);
    // A thread that could not even start takes the next read down with it, rather than be started again forever.
    const job = thread.job ?? (thread.ready ? undefined : this.queue.shift());
    if (job) {
      const file = displayFile(job.sitesDir, job.prefix);
      job.done({ prefix: job.prefix, file, source: '', problems: [budgetProblem(file, why, this)] });
    }
    if (!this.closed) this.pump();
  }
}

function budgetProblem(file: string, why: 'time' | 'memory' | 'fault', { deadlineMs, memoryMb }: SiteLoader): Problem {
  const what = {
    time: `Reading this file took longer than ${(deadlineMs / 1000).toLocaleString('en')} seconds, so it was stopped.`,
    memory: `Reading this file needed more than ${memoryMb} MB of memory, so it was stopped.`,
    fault: 'The thread reading this file stopped before it finished.',
  }[why];
  return {
    code: 'SW_LOAD_TIMEOUT',
    severity: 'error',
    file,
    line: 1,
    col: 1,
    length: 1,
    detail: `${what} No other site waited for it.`,
    fix: 'make the file smaller and simpler: fewer repeated parts ("*name" aliases), shorter lists and texts. `npx sitewright validate` shows what else is wrong with it. Until then the site keeps its last good version, if it had one.',
  };
}

function faultProblem(file: string, error: unknown): Problem {
  return {
    code: 'SW_LOAD_FAILED',
    severity: 'error',
    file,
    line: 1,
    col: 1,
    length: 1,
    detail: `Reading the file stopped on a fault in Sitewright: ${error instanceof Error ? error.message : String(error)}.`,
    fix: 'the other sites are not affected; report this message with the file. Until then, undoing the last change to the file usually brings the site back.',
  };
}
