/**
 * Updates to a site's lists, sent from a queue in the store: one job per recipient, claimed with
 * the store's compare-and-set update (of two instances claiming one job at once, one gets it), so
 * a restart loses nothing and several instances share the work. A job claimed and never finished
 * (its instance died mid-send) is claimed again after CLAIM_LEASE_MS: that one recipient may get it twice.
 */
import { randomUUID } from 'node:crypto';
import type { StoredRecord, TenantStore } from '../store/store.ts';

export const CLAIM_LEASE_MS = 10 * 60_000;
/** Tries at a temporary failure (4xx, no connection) before a job is given up as failed. */
export const MAX_ATTEMPTS = 8;

export interface NewCampaign {
  /** The list: the name of the newsletter or subscribe form. */
  form: string;
  subject: string;
  markdown: string;
  /** When it goes (ISO 8601 instant); now when sent at once. */
  sendAt: string;
  /** The e-mail address of the owner who sent it. */
  by: string;
}

/** Writes the update and queues one job per confirmed address of its list, due at `sendAt`; bounced addresses are not on it. */
export async function queueCampaign(tenant: TenantStore, campaign: NewCampaign): Promise<StoredRecord> {
  const contacts = await tenant.list('contacts', { form: campaign.form, status: 'confirmed' });
  const unique = [...new Map(contacts.map((c) => [String(c.email).toLowerCase(), c])).values()];
  const record = await tenant.add('campaigns', { ...campaign, total: unique.length });
  for (const contact of unique)
    await tenant.add('campaignJobs', { campaign: record.id, contact: contact.id, email: contact.email, status: 'queued', attempts: 0, dueAt: campaign.sendAt });
  return record;
}

/** A job ready to go at `now`: queued and due, or claimed so long ago that its sender must have died. */
export function isReady(job: StoredRecord, now: number): boolean {
  if (job.status === 'queued') return Date.parse(String(job.dueAt)) <= now;
  return job.status === 'sending' && Date.parse(String(job.claimedAt)) + CLAIM_LEASE_MS <= now;
}

/** Claims the job for this sender in one step; undefined when another sender took it first. */
export function claim(tenant: TenantStore, job: StoredRecord, now: number): Promise<StoredRecord | undefined> {
  return tenant.update(
    'campaignJobs',
    job.id,
    { status: 'sending', claim: randomUUID(), claimedAt: new Date(now).toISOString() },
    { status: job.status, claim: job.claim },
  );
}

/** How long to wait before the next try after `attempts` tries: 1, 2, 4 … minutes, at most six hours. */
export const backoffMs = (attempts: number) => Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 3600_000);

/** What became of one try, from the SMTP reply: 5xx is permanent (the address bounced), anything else is tried again. */
export function outcome(error: unknown): { permanent: boolean; reason: string } {
  const e = error as { responseCode?: unknown; response?: unknown; message?: unknown };
  const code = typeof e.responseCode === 'number' ? e.responseCode : undefined;
  const reason = String(e.response ?? e.message ?? error).slice(0, 300);
  return { permanent: code !== undefined && code >= 500 && code < 600, reason };
}

export interface Progress {
  total: number;
  queued: number;
  sending: number;
  sent: number;
  bounced: number;
  failed: number;
  skipped: number;
  /** scheduled (nothing tried yet), sending, sent (nothing left; some may have bounced or failed). */
  state: 'scheduled' | 'sending' | 'sent';
  /** Why addresses bounced or failed, one line each. */
  reasons: { email: string; reason: string }[];
}

/** Where one update stands, counted from its jobs. */
export async function progressOf(tenant: TenantStore, campaignId: string): Promise<Progress> {
  const jobs = await tenant.list('campaignJobs', { campaign: campaignId });
  const count = (status: string) => jobs.filter((j) => j.status === status).length;
  const p = {
    queued: count('queued'),
    sending: count('sending'),
    sent: count('sent'),
    bounced: count('bounced'),
    failed: count('failed'),
    skipped: count('skipped'),
  };
  const left = p.queued + p.sending;
  const untouched = jobs.every((j) => j.status === 'queued' && j.attempts === 0);
  const state = left === 0 ? 'sent' : untouched ? 'scheduled' : 'sending';
  const reasons = jobs
    .filter((j) => j.status === 'bounced' || j.status === 'failed')
    .map((j) => ({ email: String(j.email), reason: typeof j.reason === 'string' ? j.reason : '' }));
  return { total: jobs.length, ...p, state, reasons };
}
