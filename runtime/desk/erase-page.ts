/**
 * "Erase a person's data", `/{site}/desk/erase`: the same erasure as `sitewright erase`, an owner's
 * alone (staff see who to ask), kept on the Activity page with what was erased and what was kept.
 */
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../render/escape.ts';
import { erasePerson } from '../store/erase.ts';
import { record, type Session } from './auth.ts';
import type { DeskScope } from './scope.ts';
import { csrfField } from './ui.ts';

const TITLE = "Erase a person's data";

function eraseForm(base: string, session: Session): string {
  return session.role === 'owner'
    ? `<p>Erase everything this site keeps about one person, as the law may ask: every record that holds their e-mail address (as the address on the record or as an answer), with the files they sent. Money records stay for the accounts. This cannot be undone.</p>
<form method="post" action="${escapeHtml(base)}/erase" class="desk-form">${csrfField(session)}
<div class="field"><label for="desk-erase">Their e-mail address</label><input id="desk-erase" name="email" type="email" required></div>
<button type="submit" class="button">Erase their data</button></form>`
    : '<p>Only an owner of the site may erase a person’s data. Ask one of them.</p>';
}

export function erasePage(app: FastifyInstance, desk: DeskScope) {
  app.get(
    '/:site/desk/erase',
    desk.guarded(async (request, reply, signed) => desk.framed(request, reply, signed, 'erase', TITLE, eraseForm(desk.base(signed.site), signed.session))),
  );

  app.post(
    '/:site/desk/erase',
    desk.guarded(async (request, reply, signed) => {
      const { site, tenant, session } = signed;
      const form = eraseForm(desk.base(site), session);
      if (session.role !== 'owner') return desk.framed(request, reply, signed, 'erase', TITLE, form, 403);
      const email = desk
        .text((request.body as Record<string, unknown>).email)
        .trim()
        .toLowerCase();
      if (!/^[^\s@]+@[^\s@]+$/.test(email))
        return desk.framed(request, reply, signed, 'erase', TITLE, `<p role="alert">Please enter an e-mail address.</p>${form}`, 422);
      const erased = await erasePerson(desk.options.store, desk.options.uploadsDir, site.prefix, email, desk.options.blocks);
      const count = Object.values(erased.records).reduce((a, b) => a + b, 0);
      const files = erased.files.length;
      await record(
        tenant,
        session,
        'erase',
        `erased the data of ${email}: ${count} records, ${files} files${erased.kept ? `, ${erased.kept} money records kept` : ''}`,
        desk.options.now(),
      );
      const kept = erased.kept ? ` ${erased.kept} money ${erased.kept === 1 ? 'record is' : 'records are'} kept for the accounts.` : '';
      const body = `<p role="status">Erased ${count} ${count === 1 ? 'record' : 'records'} and ${files} ${files === 1 ? 'file' : 'files'} of ${escapeHtml(email)}.${kept}</p>${form}`;
      return desk.framed(request, reply, signed, 'erase', TITLE, body);
    }, true),
  );
}
