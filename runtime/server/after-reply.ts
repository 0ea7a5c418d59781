/**
 * Work done after a visitor's answer has gone out. What a request does for a particular address
 * (looking it up, signing a link, writing to the store, sending mail) takes longer for some
 * addresses than others; done before answering, the answer's time tells who is listed or
 * subscribed. Done here, every answer takes the same time. The work still happens: a failure is
 * logged, and closing the server waits for whatever is still running.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { shared } from './shared-plugin.ts';

export class AfterReply {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: Pick<FastifyBaseLogger, 'error'>) {}

  /**
   * Starts `work` on the event loop's next turn: a handler calls this just before it answers, and
   * the answer is written in the same turn, so it is out before the work begins.
   */
  run(what: string, work: () => Promise<void>): void {
    const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: Error) => this.log.error({ err: error.message }, `${what} failed after the visitor was answered`))
      .finally(() => this.pending.delete(done));
    this.pending.add(done);
  }

  /** Resolves once nothing is left to do, including work started by work that was waited for. */
  async idle(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }
}

/** The app's work after replies, as `app.afterReply`; closing the app waits for it. Shared by every route. */
export const afterReplyPlugin = shared(async (app: FastifyInstance, { afterReply }: { afterReply: AfterReply }) => {
  app.decorate('afterReply', afterReply);
  app.addHook('preClose', () => afterReply.idle());
});

declare module 'fastify' {
  interface FastifyInstance {
    /** Work begun for visitors already answered; `afterReply.idle()` waits for it (tests read the mail it sends). */
    afterReply: AfterReply;
  }
}
