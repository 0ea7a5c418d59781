/** Newsletter contacts (`/{site}/desk/contacts`): how many are confirmed, pending and unsubscribed, each contact with its status, and the CSV. */
import { escapeHtml } from '../../../runtime/render/escape.ts';
import { asText } from '../../../runtime/text.ts';
import { csvLink, timeTag } from '../../../runtime/desk/ui.ts';
import type { DeskBoard, DeskPageInput } from '../../contract.ts';
import { newestFirst } from './lists.ts';
import { formCsv } from './records.ts';

async function contactsPage(input: DeskPageInput) {
  const contacts = newestFirst(await input.tenant.list('contacts'));
  const list = contacts.length
    ? `<ul class="desk-list">${contacts
        .map(
          (c) =>
            `<li><span>${escapeHtml(asText(c.email))}</span> <span class="desk-status desk-status-${escapeHtml(asText(c.status))}">${escapeHtml(asText(c.status))}</span> <span class="muted">“${escapeHtml(asText(c.form))}”, ${timeTag(input.site, c.createdAt)}</span></li>`,
        )
        .join('')}</ul>`
    : '<p class="muted">Nobody has subscribed yet.</p>';
  const counts = ['confirmed', 'pending', 'unsubscribed'].map((s) => `${contacts.filter((c) => c.status === s).length} ${s}`).join(', ');
  return { title: 'Newsletter contacts', body: `<p>${counts}.</p>${csvLink(`${input.base}/export/contacts.csv`, 'Download the contacts as CSV')}${list}` };
}

export const newsletterBoard: DeskBoard = {
  slug: 'contacts',
  label: 'Newsletter',
  kind: 'contacts',
  page: contactsPage,
  csv: (input) => formCsv(input, 'contacts'),
};
