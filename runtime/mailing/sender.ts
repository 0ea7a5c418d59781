/**
 * The sender: at each tick, claims the jobs that are due on every site and sends them, at most
 * `rate` a minute from this instance. A 5xx reply marks the address bounced on its site (later
 * updates leave it out); anything else is tried again later (queue.ts's backoff). The server ticks
 * it on a timer and stops it on close; tests tick it themselves with their own clock.
 */
import type { Mailer } from '../services/mail.ts';
import type { Signer } from '../services/signing.ts';
import type { Site } from '../site.ts';
import type { Store, StoredRecord, TenantStore } from '../store/store.ts';
import { renderCampaign } from './message.tsx';
import { MAX_ATTEMPTS, backoffMs, claim, isReady, outcome } from './queue.ts';
import { unsubscribeUrl } from './unsubscribe.ts';

export interface SenderOptions {
  store: Store;
  mailer: Mailer;
  signer: Signer;
  origin: string;
  site: (prefix: string) => Promise<Site | undefined>;
  now: () => number;
  /** Messages a minute from this instance (MAIL_RATE; 60 when unset). */
  rate?: number;
  log?: (line: string) => void;
}

export class CampaignSender {
  private readonly sentAt: number[] = [];
  private running: Promise<number> | undefined;

  constructor(private readonly options: SenderOptions) {}

  private budget(now: number): number {
    while (this.sentAt.length && (this.sentAt[0] as number) <= now - 60_000) this.sentAt.shift();
    return (this.options.rate ?? 60) - this.sentAt.length;
  }

  /** Sends what is due now, within the minute's budget; resolves with how many were tried. One tick at a time. */
  tick(): Promise<number> {
    this.running ??= this.work().finally(() => (this.running = undefined));
    return this.running;
  }

  /** Waits for a tick under way (on close). */
  async idle(): Promise<void> {
    await this.running;
  }

  private async work(): Promise<number> {
    let tried = 0;
    for (const prefix of await this.options.store.sitesWithData()) {
      if (prefix.startsWith('_')) continue;
      const tenant = await this.options.store.tenant(prefix);
      const due = (await tenant.list('campaignJobs')).filter((job) => isReady(job, this.options.now()));
      if (!due.length) continue;
      const site = await this.options.site(prefix);
      if (!site) continue;
      for (const job of due) {
        if (this.budget(this.options.now()) <= 0) return tried;
        const mine = await claim(tenant, job, this.options.now());
        if (!mine) continue;
        this.sentAt.push(this.options.now());
        tried++;
        await this.sendOne(site, tenant, mine);
      }
    }
    return tried;
  }

  private async sendOne(site: Site, tenant: TenantStore, job: StoredRecord): Promise<void> {
    const expect = { status: 'sending', claim: job.claim };
    const [campaign, contact] = await Promise.all([tenant.find('campaigns', { id: job.campaign }), tenant.find('contacts', { id: job.contact })]);
    // Unsubscribed (or bounced) since the update was queued: nothing goes.
    if (!campaign || contact?.status !== 'confirmed') {
      await tenant.update('campaignJobs', job.id, { status: 'skipped', reason: 'no longer subscribed' }, expect);
      return;
    }
    const link = unsubscribeUrl(this.options.signer, this.options.origin, site.prefix, String(contact.id));
    try {
      const message = await renderCampaign(site, { subject: String(campaign.subject), markdown: String(campaign.markdown) }, link);
      await this.options.mailer.send({ to: String(job.email), ...message });
      await tenant.update('campaignJobs', job.id, { status: 'sent', sentAt: new Date(this.options.now()).toISOString() }, expect);
    } catch (error) {
      await this.failed(tenant, job, error);
    }
  }

  private async failed(tenant: TenantStore, job: StoredRecord, error: unknown): Promise<void> {
    const expect = { status: 'sending', claim: job.claim };
    const { permanent, reason } = outcome(error);
    const attempts = Number(job.attempts ?? 0) + 1;
    this.options.log?.(`update to ${String(job.email)} not sent (try ${attempts}): ${reason}`);
    if (permanent) {
      await tenant.update('campaignJobs', job.id, { status: 'bounced', attempts, reason }, expect);
      for (const contact of await tenant.list('contacts', { email: job.email }))
        await tenant.update('contacts', contact.id, { status: 'bounced', bouncedAt: new Date(this.options.now()).toISOString() });
      return;
    }
    const dueAt = new Date(this.options.now() + backoffMs(attempts)).toISOString();
    await tenant.update(
      'campaignJobs',
      job.id,
      attempts >= MAX_ATTEMPTS ? { status: 'failed', attempts, reason } : { status: 'queued', attempts, reason, dueAt },
      expect,
    );
  }
}
