/**
 * Drafts checked as they are typed: each owner's checks run one at a time (a newer text replaces
 * one still waiting, so a fast typist costs one check at a time, never a queue), the answer for
 * the same text is not worked out twice, and the last draft that built is kept for the preview.
 * A post's bytes are handed to the check as they came (see DraftPost): its text is known once read.
 */
import type { DraftChecked, DraftPost } from './draft-post.ts';
import type { CheckDraft } from './options.ts';
import { forEditor, type StudioProblem } from './problems.ts';
import { digestOf } from './versions.ts';

export interface Checked {
  digest: string;
  result: DraftChecked;
  problems: StudioProblem[];
}

interface Entry {
  last?: Checked;
  /** The newest draft that built a site: what the preview shows. */
  good?: Checked;
  running: boolean;
  waiting?: (go: boolean) => void;
}

/** How many owners' (and versions') checks are kept; the least recently used go first. */
const KEEP = 48;

export class DraftChecks {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly check: CheckDraft,
    private readonly sitesDir: () => string,
  ) {}

  private entry(key: string): Entry {
    const entry = this.entries.get(key) ?? { running: false };
    this.entries.delete(key);
    this.entries.set(key, entry);
    for (const old of this.entries.keys()) {
      if (this.entries.size <= KEEP) break;
      if (!this.entries.get(old)?.running) this.entries.delete(old);
    }
    return entry;
  }

  /** The draft checked, or undefined when a newer text of the same owner came before its turn. */
  async run(prefix: string, who: string, draft: string | DraftPost): Promise<Checked | undefined> {
    const entry = this.entry(`${prefix}\n${who}`);
    const given = typeof draft === 'string' ? digestOf(draft) : undefined;
    if (given && entry.last?.digest === given) return entry.last;
    if (entry.running) {
      entry.waiting?.(false);
      if (!(await new Promise<boolean>((go) => (entry.waiting = go)))) return undefined;
    }
    entry.running = true;
    try {
      const result = await this.check(this.sitesDir(), prefix, draft);
      const checked = { digest: given ?? digestOf(result.source), result, problems: forEditor(result.problems, result.file) };
      // A post that could not be read, or a text that cannot be kept, says nothing of the owner's draft.
      if (result.post && !('keep' in result.post && result.post.keep)) return checked;
      entry.last = checked;
      if (result.site) entry.good = checked;
      return checked;
    } finally {
      entry.running = false;
      const next = entry.waiting;
      entry.waiting = undefined;
      next?.(true);
    }
  }

  /** The newest draft of this owner that built, if it is still kept. */
  good(prefix: string, who: string): Checked | undefined {
    return this.entries.get(`${prefix}\n${who}`)?.good;
  }
}
