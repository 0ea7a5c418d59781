/**
 * Saving and checking the draft as the owner types: once they pause, the text goes to the server,
 * one request at a time so an older draft can never be saved after a newer one. An answer is shown
 * only if the text has not changed since it was sent; otherwise a newer check is on its way.
 */

export interface CheckerOptions<T> {
  /** How long a pause in typing is, in milliseconds. */
  delay: number;
  /** The editor's text now. */
  text: () => string;
  /** Saves and checks a text. */
  send: (text: string) => Promise<T>;
  /** The answer for the text that is still in the editor. */
  onAnswer: (answer: T, text: string) => void;
  /** Saving failed, and the text is still the one that failed. */
  onError: (error: unknown) => void;
}

export class DraftChecker<T> {
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Counts changes to the text: an answer is for the text of the generation it was sent in. */
  private generation = 0;
  private running = false;
  private queued = false;

  constructor(private readonly options: CheckerOptions<T>) {}

  /** The text changed: whatever answer is on its way is stale, and a check follows the next pause. */
  changed(): void {
    this.generation += 1;
    this.clearTimer();
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.run();
    }, this.options.delay);
  }

  /** Save and check now, without waiting for a pause. */
  now(): Promise<void> {
    this.clearTimer();
    return this.run();
  }

  /** Whether a change is not saved yet (waiting for a pause, on its way, or queued behind another). */
  get pending(): boolean {
    return this.timer !== undefined || this.running || this.queued;
  }

  /** Stops any check that is waiting for a pause (the page is going away). */
  cancel(): void {
    this.clearTimer();
    this.queued = false;
  }

  private clearTimer(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private async run(): Promise<void> {
    if (this.running) {
      this.queued = true;
      return;
    }
    this.running = true;
    const generation = this.generation;
    const text = this.options.text();
    try {
      const answer = await this.options.send(text);
      if (generation === this.generation) this.options.onAnswer(answer, text);
    } catch (error) {
      if (generation === this.generation) this.options.onError(error);
    } finally {
      this.running = false;
      if (this.queued) {
        this.queued = false;
        await this.run();
      }
    }
  }
}
