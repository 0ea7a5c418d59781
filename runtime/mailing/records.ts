/**
 * The records of updates sent to a site's lists: the campaign an owner wrote, and one job per
 * recipient, which the sender claims, sends and marks (queue.ts).
 */
import type { RecordDeclaration } from '../store/records.ts';

/** An update written for one list (a newsletter or subscribe form): what it says and when it goes. */
export const CAMPAIGN_RECORDS: RecordDeclaration = {
  kind: 'campaigns',
  description: 'An update written on the desk for one list: its subject, its Markdown body, the list and when it is sent.',
  personal: false,
  example: () => ({
    form: 'newsletter',
    subject: 'Spring opening hours',
    markdown: 'We open at **8** from Monday.',
    sendAt: '2026-06-15T12:00:00.000Z',
    total: 1,
  }),
};

/** One recipient of one update: where it stands (queued, sending, sent, bounced, failed, skipped). */
export const CAMPAIGN_JOB_RECORDS: RecordDeclaration = {
  kind: 'campaignJobs',
  description: 'One recipient of an update: the address, the contact it came from, and whether it was sent, retried, bounced or failed, and why.',
  personal: { emailFields: ['email'], onErase: 'delete' },
  example: (email) => ({
    campaign: '6d1f0c52-3a4b-4c5d-8e6f-7a8b9c0d1e2f',
    contact: '0a1b2c3d-3a4b-4c5d-8e6f-7a8b9c0d1e2f',
    email,
    status: 'queued',
    attempts: 0,
    dueAt: '2026-06-15T12:00:00.000Z',
  }),
};

export const MAILING_RECORDS: readonly RecordDeclaration[] = [CAMPAIGN_RECORDS, CAMPAIGN_JOB_RECORDS];
