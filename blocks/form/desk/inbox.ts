/**
 * The inbox, the desk's first page (`/{site}/desk`): a menu of the site's forms that send messages,
 * each with its count and how many nobody has opened, then the chosen form's submissions, newest
 * first, searchable by name or e-mail, 50 at a time, with its CSV.
 */
import { escapeHtml } from '../../../runtime/render/escape.ts';
import { asText } from '../../../runtime/text.ts';
import type { StoredRecord } from '../../../runtime/store/store.ts';
import { csvLink, pageOf } from '../../../runtime/desk/ui.ts';
import type { DeskBoard, DeskPageInput } from '../../contract.ts';
import { formLists, newestFirst } from './lists.ts';
import { formRecords } from './records.ts';
import { isUnread, recordList, searchForm, senderOf } from './views.ts';

/** The menu of forms, each with its count and "n new"; the chosen one marked. */
function formMenu(base: string, names: readonly string[], all: readonly StoredRecord[], chosen: string): string {
  if (!names.length) return '<p class="muted">This site has no forms that send messages.</p>';
  return `<ul class="desk-forms">${names
    .map((n) => {
      const of = all.filter((r) => r.form === n);
      const unread = of.filter(isUnread).length;
      return `<li><a href="${escapeHtml(`${base}?form=${encodeURIComponent(n)}`)}"${n === chosen ? ' aria-current="true"' : ''}>“${escapeHtml(n)}” (${of.length}${unread ? `, ${unread} new` : ''})</a></li>`;
    })
    .join('')}</ul>`;
}

async function inboxPage(input: DeskPageInput) {
  const { base, query } = input;
  const all = await input.tenant.list('submissions');
  // A form taken off the site keeps its submissions: they are still listed.
  const shownForms = formLists(input.site).filter((l) => l.kind === 'submissions');
  const names = [...new Set([...shownForms.map((l) => l.name), ...all.map((r) => asText(r.form))])];
  const chosen = names.includes(query.form ?? '') ? (query.form as string) : (names[0] ?? '');
  const q = (query.q ?? '').trim().toLowerCase().slice(0, 200);
  const mine = newestFirst(all.filter((r) => r.form === chosen));
  const shown = q ? mine.filter((r) => senderOf(r).toLowerCase().includes(q) || asText(r.email ?? '').includes(q)) : mine;
  const paged = pageOf(shown, query.page, (n) => `${base}?${new URLSearchParams({ form: chosen, ...(q ? { q } : {}), page: String(n) }).toString()}`);
  const menu = formMenu(base, names, all, chosen);
  const body = chosen
    ? `${menu}<h2>“${escapeHtml(chosen)}”: ${shown.length} ${shown.length === 1 ? 'submission' : 'submissions'}${q ? ` matching “${escapeHtml(q)}”` : ''}</h2>
${searchForm(base, chosen, q)}${csvLink(`${base}/export/submissions.csv?form=${encodeURIComponent(chosen)}`, `Download “${chosen}” as CSV`)}${recordList(input.site, base, 'submissions', paged.shown)}${paged.nav}`
    : menu;
  return { title: 'Inbox', body };
}

export const inboxBoard: DeskBoard = {
  slug: 'submissions',
  label: 'Inbox',
  kind: 'submissions',
  home: true,
  page: inboxPage,
  ...formRecords('submissions', (form) => `?form=${encodeURIComponent(form)}`),
};
