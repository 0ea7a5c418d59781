/**
 * Writing an update on the desk's Updates board: the list, a subject and a Markdown body, sent now
 * or at a time in the site's zone, or first as a test to the signed-in person. Only an owner sends
 * to a list; what was typed is kept when something in it is refused.
 */
import { queueCampaign } from '../../../runtime/mailing/queue.ts';
import { renderCampaign } from '../../../runtime/mailing/message.tsx';
import { e } from '../../../runtime/desk/ui.ts';
import { siteZone } from '../../../runtime/render/site-zone.ts';
import { isRealDate, isTime, zonedTimeToUtc } from '../../../runtime/services/time.ts';
import type { DeskActed, DeskPageInput } from '../../contract.ts';
import { formLists } from './lists.ts';

const MAX_SUBJECT = 200;
/** Characters of an update's Markdown (about 3,000 words): within the desk's post limit however it is written. */
const MAX_BODY = 20_000;
const YEAR = 366 * 86_400_000;

/** The site's lists an update can go to: its newsletter and subscribe forms. */
export const listsOf = (input: DeskPageInput) => formLists(input.site).filter((l) => l.kind === 'contacts');

/** The form, filled with what was typed when a post of it was refused. */
export function composeForm(input: DeskPageInput): string {
  const lists = listsOf(input);
  if (!lists.length) return '<p>This site shows no newsletter or subscribe form, so it has no list to send an update to.</p>';
  const typed = input.form;
  const options = lists.map((l) => `<option value="${e(l.name)}"${typed.list === l.name ? ' selected' : ''}>${e(l.name)}</option>`).join('');
  const zone = siteZone(input.site);
  const action = (what: string) => `${input.base}/updates/new/${what}`;
  const owner = input.session.role === 'owner';
  return `<section aria-labelledby="compose-heading"><h2 id="compose-heading">Write an update</h2>
<form method="post" action="${e(action('send'))}" class="desk-form">
<input type="hidden" name="_csrf" value="${e(input.session.csrf)}">
<p><label for="update-list">List</label> <select id="update-list" name="list">${options}</select></p>
<p><label for="update-subject">Subject</label> <input id="update-subject" name="subject" required maxlength="${MAX_SUBJECT}" value="${e(typed.subject ?? '')}"></p>
<p><label for="update-body">Message (Markdown: **bold**, [a link](https://…), - a list)</label><br><textarea id="update-body" name="body" required rows="12" maxlength="${MAX_BODY}">${e(typed.body ?? '')}</textarea></p>
<p><label for="update-at">Send at (${e(zone)}); leave empty to send now</label> <input id="update-at" name="at" type="datetime-local" value="${e(typed.at ?? '')}"></p>
<p><button type="submit" formaction="${e(action('test'))}">Send a test to me</button>${owner ? ' <button type="submit">Send to the list</button>' : ' Only an owner of the site can send to the list.'}</p>
</form></section>`;
}

type Read = { list: string; subject: string; body: string; at?: number } | { problem: string };

function read(input: DeskPageInput): Read {
  const { list = '', subject = '', body = '', at = '' } = input.form;
  if (!listsOf(input).some((l) => l.name === list)) return { problem: 'Choose one of the site’s lists.' };
  if (!subject.trim() || subject.length > MAX_SUBJECT) return { problem: `Write a subject of at most ${MAX_SUBJECT} characters.` };
  if (!body.trim() || body.length > MAX_BODY) return { problem: `Write a message of at most ${MAX_BODY.toLocaleString('en')} characters.` };
  if (!at) return { list, subject: subject.trim(), body };
  const [date = '', time = ''] = at.split('T');
  const when = isRealDate(date) && isTime(time.slice(0, 5)) ? zonedTimeToUtc(date, time.slice(0, 5), siteZone(input.site)) : NaN;
  if (Number.isNaN(when) || when < input.now - 60_000 || when > input.now + YEAR)
    return { problem: `Give a time to send it within the coming year, in ${siteZone(input.site)}, or leave it empty to send now.` };
  return { list, subject: subject.trim(), body, at: when };
}

/** Sends a test to the signed-in person, or queues the update for the list (owners only). */
export async function compose(input: DeskPageInput, id: string, action: string): Promise<DeskActed> {
  if (id !== 'new' || (action !== 'test' && action !== 'send')) return { refused: 404, problem: 'There is no such update.' };
  const update = read(input);
  if ('problem' in update) return { refused: 422, problem: update.problem };
  const { site, session, services, tenant } = input;
  if (action === 'test') {
    // A test goes to the one who asked; its unsubscribe link is the site's home page, which unsubscribes nobody.
    const message = await renderCampaign(site, { subject: update.subject, markdown: update.body }, services.siteUrl(site, '/'));
    await services.mailer.send({ to: session.email, ...message, subject: `[Test] ${message.subject}` });
    return { done: `sent a test of “${update.subject}” to ${session.email}` };
  }
  if (session.role !== 'owner') return { refused: 422, problem: 'Only an owner of the site can send an update to a list.' };
  const sendAt = new Date(update.at ?? input.now).toISOString();
  const queued = await queueCampaign(tenant, { form: update.list, subject: update.subject, markdown: update.body, sendAt, by: session.email });
  return { done: `queued “${update.subject}” for ${String(queued.total)} address(es) of the list “${update.list}”`, goTo: '/updates' };
}
