/**
 * Updates sent to the site's lists (`/{site}/desk/updates`): each with its list, when it goes (in
 * the site's zone, named) and where it stands: scheduled, sending n of N, sent, and why any
 * address bounced or failed. The updates are sent by the server's sender (runtime/mailing/).
 */
import { progressOf, type Progress } from '../../../runtime/mailing/queue.ts';
import { e, timeTag } from '../../../runtime/desk/ui.ts';
import type { DeskBoard, DeskPageInput } from '../../contract.ts';
import { compose, composeForm } from './compose.ts';
import { newestFirst } from './lists.ts';

function stateOf(p: Progress): string {
  const done = p.sent + p.bounced + p.failed + p.skipped;
  if (p.state === 'scheduled') return `Scheduled for ${p.total} ${p.total === 1 ? 'address' : 'addresses'}`;
  if (p.state === 'sending') return `Sending: ${done} of ${p.total}`;
  return `Sent to ${p.sent} of ${p.total}`;
}

function problems(p: Progress): string {
  const lines = [
    ...(p.bounced ? [`${p.bounced} bounced`] : []),
    ...(p.failed ? [`${p.failed} failed`] : []),
    ...(p.skipped ? [`${p.skipped} left the list first`] : []),
  ];
  if (!lines.length) return '';
  const reasons = p.reasons.map((r) => `<li>${e(r.email)}: ${e(r.reason)}</li>`).join('');
  return `<p>${e(lines.join(', '))}.</p>${reasons ? `<ul class="desk-list">${reasons}</ul>` : ''}`;
}

async function updatesPage(input: DeskPageInput) {
  const campaigns = newestFirst(await input.tenant.list('campaigns'));
  const form = composeForm(input);
  if (!campaigns.length) return { title: 'Updates', body: `${form}<h2>Sent and scheduled</h2><p class="muted">No update has been sent to a list yet.</p>` };
  const items = await Promise.all(
    campaigns.map(async (c) => {
      const p = await progressOf(input.tenant, c.id);
      return `<li><h3>${e(c.subject)}</h3><p>To the list “${e(c.form)}”, from ${timeTag(input.site, c.sendAt)}, by ${e(c.by)}. <strong>${e(stateOf(p))}</strong>.</p>${problems(p)}</li>`;
    }),
  );
  return { title: 'Updates', body: `${form}<h2>Sent and scheduled</h2><ul class="desk-list">${items.join('')}</ul>` };
}

export const updatesBoard: DeskBoard = {
  slug: 'updates',
  label: 'Updates',
  kind: 'campaigns',
  page: updatesPage,
  act: compose,
};
