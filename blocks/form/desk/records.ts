/**
 * What the form's boards share for the records they list: one record's page (opening it marks it
 * read, and a personal form's reading is kept on the Activity page), the files sent with it,
 * "Mark as unread", and the CSV of a kind (one form's with `?form=`), without what the desk or the
 * confirmation links added.
 */
import { deskTime } from '../../../runtime/desk/ui.ts';
import { recordsCsv } from '../../../runtime/store/csv.ts';
import { asText } from '../../../runtime/text.ts';
import type { DeskBoard, DeskCsv, DeskPageInput } from '../../contract.ts';
import { answerLabels, formLists, type FormKind } from './lists.ts';
import { isUnread, recordView } from './views.ts';

const ONE: Record<FormKind, string> = { submissions: 'submission', registrations: 'registration', contacts: 'contact' };

/**
 * A kind's CSV, one form's when the query names it: each answer's column headed by its question's
 * label (see `answerLabels`), times in the site's zone as the desk tells them. Only what visitors
 * sent goes into the file: never a contact's confirmation key or its digest, nor who read it.
 */
export async function formCsv(input: DeskPageInput, kind: FormKind): Promise<DeskCsv> {
  const form = input.query.form ?? '';
  const found = await input.tenant.list(kind, form ? { form } : undefined);
  const records = found.map(({ key: _key, digest: _digest, expiresAt: _expires, readAt: _read, readBy: _reader, ...rest }) => rest);
  return {
    name: `${kind}${form ? `-${form.replace(/[^a-z0-9-]/gi, '')}` : ''}`,
    body: recordsCsv(records, { header: answerLabels(input.site, kind, form || undefined), moment: (iso) => deskTime(input.site, iso) }).csv,
    done: `downloaded ${records.length} ${kind}${form ? ` of “${form}”` : ''} as CSV`,
  };
}

/**
 * A board's record, file, unread and CSV members for a kind whose records have pages of their own
 * (at `/desk/{kind}/{id}`); after "Mark as unread" the owner goes back to `listOf(form)`, an
 * address under the desk's.
 */
export function formRecords(kind: 'submissions' | 'registrations', listOf: (form: string) => string): Pick<DeskBoard, 'record' | 'file' | 'act' | 'csv'> {
  const one = ONE[kind];
  return {
    async record(input, id) {
      let found = await input.tenant.find(kind, { id });
      if (!found) return undefined;
      // Opened: no longer new for anyone on the desk. Only the first reader is kept, however many open it at once.
      if (isUnread(found))
        found =
          (await input.tenant.update(kind, id, { readAt: new Date(input.now).toISOString(), readBy: input.session.name }, { readAt: undefined })) ?? found;
      const form = asText(found.form);
      if (formLists(input.site).some((l) => l.kind === kind && l.name === form && l.personal))
        await input.note('view', `read a personal ${one} of “${form}” (${found.id})`);
      const place = { site: input.site, base: input.base, session: input.session, labelOf: answerLabels(input.site, kind, form) };
      return { title: `A ${one} to “${form}”`, body: recordView(place, kind, found) };
    },
    async file(input, id, n) {
      const found = await input.tenant.find(kind, { id });
      const file = ((found?.files ?? []) as { file: string; filename: string }[])[n];
      if (!found || !file) return undefined;
      return { stored: asText(file.file), filename: asText(file.filename), done: `downloaded ${asText(file.filename)} of “${asText(found.form)}” (${id})` };
    },
    // Marked new again, for whoever will answer it later.
    async act(input, id, action) {
      const found = action === 'unread' ? await input.tenant.find(kind, { id }) : undefined;
      if (!found) return { refused: 404, problem: 'There is no such record; it may have been erased.' };
      await input.tenant.update(kind, id, { readAt: undefined, readBy: undefined });
      return { done: `marked a ${one} of “${asText(found.form)}” unread (${id})`, goTo: listOf(asText(found.form)) };
    },
    csv: (input) => formCsv(input, kind),
  };
}
