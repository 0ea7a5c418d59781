/** Registrations (`/{site}/desk/registrations`): each registration form's places taken and left, its registrations newest first, and its CSV. */
import { escapeHtml } from '../../../runtime/render/escape.ts';
import { csvLink } from '../../../runtime/desk/ui.ts';
import type { DeskBoard, DeskPageInput } from '../../contract.ts';
import { formLists, newestFirst } from './lists.ts';
import { formRecords } from './records.ts';
import { recordList } from './views.ts';

async function registrationsPage(input: DeskPageInput) {
  const { base } = input;
  // One form shown on two pages is one list.
  const events = new Map(formLists(input.site).flatMap((l) => (l.kind === 'registrations' ? [[l.name, l.capacity ?? 0] as const] : [])));
  const all = await input.tenant.list('registrations');
  const sections = [...events].map(([name, capacity]) => {
    const taken = all.filter((r) => r.form === name);
    const left = Math.max(0, capacity - taken.length);
    return `<h2>“${escapeHtml(name)}”</h2><p>${taken.length} of ${capacity} places taken, <strong>${left} ${left === 1 ? 'place' : 'places'} left</strong>.</p>
${csvLink(`${base}/export/registrations.csv?form=${encodeURIComponent(name)}`, `Download “${name}” registrations as CSV`)}${recordList(input.site, base, 'registrations', newestFirst(taken))}`;
  });
  return { title: 'Registrations', body: sections.length ? sections.join('\n') : '<p class="muted">This site has no registration forms.</p>' };
}

export const registrationsBoard: DeskBoard = {
  slug: 'registrations',
  label: 'Registrations',
  kind: 'registrations',
  page: registrationsPage,
  ...formRecords('registrations', () => '/registrations'),
};
