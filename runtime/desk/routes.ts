/**
 * The owner's desk at /{site}/desk: sign-in by e-mailed link, then what visitors sent (form
 * submissions, registrations with places left, newsletter contacts), CSV downloads, erasure on
 * request and the activity list. Its own scope: form bodies and its sign-in limits exist here only.
 * Every route finds its site first and reads that site's store alone; a session is looked up in
 * the site's store by the digest of its id, so a cookie of another site finds nothing.
 */
import fastifyFormbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DeskBoard } from '../../blocks/contract.ts';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { escapeHtml } from '../render/escape.ts';
import type { Site } from '../site.ts';
import { recordsCsv, tableCsv } from '../store/csv.ts';
import { localDate } from '../services/time.ts';
import { decimalOf, isTestCheckout, monthlyTotals } from '../payments/ledger.ts';
import { formatMoneyExact, minorDigits } from '../payments/money.ts';
import { erasePerson } from '../store/erase.ts';
import type { StoredRecord } from '../store/store.ts';
import { asText } from '../text.ts';
import { domainRedirect, redirectStatus } from '../server/domains.ts';
import { record, type Session } from './auth.ts';
import {
  boardList,
  csrfField,
  csvLink,
  deskFrame,
  isUnread,
  pageOf,
  type BoardLink,
  recordList,
  recordView,
  searchForm,
  senderOf,
  type DeskSection,
} from './pages.ts';
import { CONFIRMED_FIELD, confirmPage } from './confirm-page.ts';
import { deskScope, type DeskOptions, type Signed } from './scope.ts';
import { signInRoutes } from './sign-in-routes.ts';

export type { DeskOptions } from './scope.ts';

const newestFirst = (records: StoredRecord[]) => [...records].reverse();
const KINDS = ['submissions', 'registrations'] as const;
type Kind = (typeof KINDS)[number];
const isKind = (k: string): k is Kind => (KINDS as readonly string[]).includes(k);

export async function deskRoutes(app: FastifyInstance, options: DeskOptions) {
  await app.register(fastifyFormbody, { bodyLimit: 16 * 1024 });
  const { store } = options;
  const desk = deskScope(options);
  const { base, page, guarded, query, text } = desk;
  // A site with a domain of its own keeps its desk there: the platform address forwards to it (a post with its body).
  app.addHook('onRequest', async (request, reply) => {
    const prefix = (request.params as { site?: string }).site ?? '';
    const site = await desk.siteFor(prefix);
    if (!site?.data.domains) return;
    const mark = request.url.indexOf('?');
    const rest = (mark < 0 ? request.url : request.url.slice(0, mark)).slice(prefix.length + 2);
    const elsewhere = domainRedirect(request.raw, site.data.domains, site.prefix, rest, mark < 0 ? '' : request.url.slice(mark + 1));
    if (elsewhere) return reply.header('cache-control', 'no-store').redirect(elsewhere, redirectStatus(request.raw));
  });
  signInRoutes(app, options, desk);
  /** A desk page's frame, with the menu of this site's boards. */
  const frame = (site: Site, session: Session, current: DeskSection | BoardLink, body: string) =>
    deskFrame(base(site), session, current, body, desk.boards(site));

  // The inbox: each form's submissions, newest first, searchable.
  app.get(
    '/:site/desk',
    guarded(async (request, reply, { site, tenant, session }) => {
      const lists = desk.lists(site).filter((l) => l.kind === 'submissions');
      const all = await tenant.list('submissions');
      // A form taken off the site keeps its submissions: they are still listed.
      const names = [...new Set([...lists.map((l) => l.name), ...all.map((r) => asText(r.form))])];
      const chosen = names.includes(text(query(request).form)) ? text(query(request).form) : (names[0] ?? '');
      const q = text(query(request).q).trim().toLowerCase().slice(0, 200);
      const mine = newestFirst(all.filter((r) => r.form === chosen));
      const shown = q ? mine.filter((r) => senderOf(r).toLowerCase().includes(q) || asText(r.email ?? '').includes(q)) : mine;
      const b = base(site);
      const paged = pageOf(shown, query(request).page, (n) => `${b}?${new URLSearchParams({ form: chosen, ...(q ? { q } : {}), page: String(n) }).toString()}`);
      const menu = names.length
        ? `<ul class="desk-forms">${names
            .map((n) => {
              const of = all.filter((r) => r.form === n);
              const unread = of.filter(isUnread).length;
              return `<li><a href="${escapeHtml(`${b}?form=${encodeURIComponent(n)}`)}"${n === chosen ? ' aria-current="true"' : ''}>“${escapeHtml(n)}” (${of.length}${unread ? `, ${unread} new` : ''})</a></li>`;
            })
            .join('')}</ul>`
        : '<p class="muted">This site has no forms that send messages.</p>';
      const body = chosen
        ? `${menu}<h2>“${escapeHtml(chosen)}”: ${shown.length} ${shown.length === 1 ? 'submission' : 'submissions'}${q ? ` matching “${escapeHtml(q)}”` : ''}</h2>
${searchForm(b, chosen, q)}${csvLink(`${b}/export/submissions.csv?form=${encodeURIComponent(chosen)}`, `Download “${chosen}” as CSV`)}${recordList(b, 'submissions', paged.shown)}${paged.nav}`
        : menu;
      return page(request, reply, site, 'Inbox', frame(site, session, 'inbox', body));
    }),
  );

  // One record, and the files sent with it.
  app.get(
    '/:site/desk/:kind/:id',
    guarded(async (request, reply, { site, tenant, session }) => {
      const { kind, id } = request.params as { kind: string; id: string };
      let found = isKind(kind) ? await tenant.find(kind, { id }) : undefined;
      if (!found || !isKind(kind))
        return page(request, reply, site, 'Not found', frame(site, session, 'inbox', '<p>There is no such record; it may have been erased.</p>'), 404);
      // Opened: no longer new for anyone on the desk. Only the first reader is kept, however many open it at once.
      if (isUnread(found))
        found = (await tenant.update(kind, id, { readAt: new Date(options.now()).toISOString(), readBy: session.name }, { readAt: undefined })) ?? found;
      if (desk.lists(site).some((l) => l.kind === kind && l.name === found.form && l.personal))
        await record(
          tenant,
          session,
          'view',
          `read a personal ${kind === 'submissions' ? 'submission' : 'registration'} of “${asText(found.form)}” (${found.id})`,
          options.now(),
        );
      return page(
        request,
        reply,
        site,
        `A ${kind === 'submissions' ? 'submission' : 'registration'} to “${asText(found.form)}”`,
        frame(site, session, kind === 'submissions' ? 'inbox' : 'registrations', recordView(base(site), session, kind, found)),
      );
    }),
  );

  // Marked new again, for whoever will answer it later.
  for (const kind of KINDS)
    app.post(
      `/:site/desk/${kind}/:id/unread`,
      guarded(async (request, reply, { site, tenant, session }) => {
        const { id } = request.params as { id: string };
        const found = await tenant.find(kind, { id });
        if (!found)
          return page(request, reply, site, 'Not found', frame(site, session, 'inbox', '<p>There is no such record; it may have been erased.</p>'), 404);
        await tenant.update(kind, id, { readAt: undefined, readBy: undefined });
        await record(
          tenant,
          session,
          'unread',
          `marked a ${kind === 'submissions' ? 'submission' : 'registration'} of “${asText(found.form)}” unread (${id})`,
          options.now(),
        );
        const list = kind === 'submissions' ? `${base(site)}?form=${encodeURIComponent(asText(found.form))}` : `${base(site)}/registrations`;
        return reply.code(303).header('location', list).header('cache-control', 'no-store').send();
      }, true),
    );

  app.get(
    '/:site/desk/:kind/:id/files/:n',
    guarded(async (request, reply, { site, tenant, session }) => {
      const { kind, id, n } = request.params as { kind: string; id: string; n: string };
      const found = isKind(kind) ? await tenant.find(kind, { id }) : undefined;
      const file = found && /^\d{1,3}$/.test(n) ? ((found.files ?? []) as { file: string; filename: string }[])[Number(n)] : undefined;
      // Only a name the server gave (letters, digits, dashes and one dot) is ever joined to the uploads folder.
      if (!file || !/^[A-Za-z0-9_-]+(\.[A-Za-z0-9]+)?$/.test(file.file))
        return page(request, reply, site, 'Not found', frame(site, session, 'inbox', '<p>There is no such file.</p>'), 404);
      const path = join(options.uploadsDir, site.prefix, file.file);
      const size = await stat(path)
        .then((s) => s.size)
        .catch(() => undefined);
      if (size === undefined) return page(request, reply, site, 'Not found', frame(site, session, 'inbox', '<p>That file is no longer kept.</p>'), 404);
      await record(tenant, session, 'download', `downloaded ${asText(file.filename)} of “${asText(found?.form)}” (${id})`, options.now());
      const safeName = asText(file.filename).replace(/[^\w.\- ]/g, '_');
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-disposition', `attachment; filename="${safeName}"`)
        .header('content-length', size)
        .header('cache-control', 'no-store')
        .send(createReadStream(path));
    }),
  );

  app.get(
    '/:site/desk/registrations',
    guarded(async (request, reply, { site, tenant, session }) => {
      // One form shown on two pages is one list.
      const events = new Map(desk.lists(site).flatMap((l) => (l.kind === 'registrations' ? [[l.name, l.capacity ?? 0] as const] : [])));
      const all = await tenant.list('registrations');
      const b = base(site);
      const sections = [...events].map(([name, capacity]) => {
        const taken = all.filter((r) => r.form === name);
        const left = Math.max(0, capacity - taken.length);
        return `<h2>“${escapeHtml(name)}”</h2><p>${taken.length} of ${capacity} places taken, <strong>${left} ${left === 1 ? 'place' : 'places'} left</strong>.</p>
${csvLink(`${b}/export/registrations.csv?form=${encodeURIComponent(name)}`, `Download “${name}” registrations as CSV`)}${recordList(b, 'registrations', newestFirst(taken))}`;
      });
      const body = sections.length ? sections.join('\n') : '<p class="muted">This site has no registration forms.</p>';
      return page(request, reply, site, 'Registrations', frame(site, session, 'registrations', body));
    }),
  );

  app.get(
    '/:site/desk/contacts',
    guarded(async (request, reply, { site, tenant, session }) => {
      const contacts = newestFirst(await tenant.list('contacts'));
      const b = base(site);
      const list = contacts.length
        ? `<ul class="desk-list">${contacts
            .map(
              (c) =>
                `<li><span>${escapeHtml(asText(c.email))}</span> <span class="desk-status desk-status-${escapeHtml(asText(c.status))}">${escapeHtml(asText(c.status))}</span> <span class="muted">“${escapeHtml(asText(c.form))}”, ${escapeHtml(c.createdAt.slice(0, 10))}</span></li>`,
            )
            .join('')}</ul>`
        : '<p class="muted">Nobody has subscribed yet.</p>';
      const counts = ['confirmed', 'pending', 'unsubscribed'].map((s) => `${contacts.filter((c) => c.status === s).length} ${s}`).join(', ');
      return page(
        request,
        reply,
        site,
        'Newsletter contacts',
        frame(site, session, 'contacts', `<p>${counts}.</p>${csvLink(`${b}/export/contacts.csv`, 'Download the contacts as CSV')}${list}`),
      );
    }),
  );

  app.get(
    '/:site/desk/export/:file',
    guarded(async (request, reply, { site, tenant, session }) => {
      const file = (request.params as { file: string }).file;
      if (file === 'money.csv' && site.data.payments) {
        const zone = site.data.site.timeZone ?? 'UTC';
        const months = monthlyTotals(await tenant.list('ledger'), (iso) => localDate(Date.parse(iso), zone).slice(0, 7));
        const minor = (n: number, currency: string) => decimalOf(n, minorDigits(currency));
        await record(tenant, session, 'csv', `downloaded the monthly money totals as CSV`, options.now());
        return sendCsv(
          reply,
          `${site.prefix}-money.csv`,
          tableCsv(
            ['month', 'currency', 'mode', 'taken', 'payments', 'donations', 'refunded', 'refunds', 'net'],
            months.map((t) => [
              t.month,
              t.currency,
              t.test ? 'test' : 'live',
              minor(t.paid, t.currency),
              String(t.payments),
              minor(t.donations, t.currency),
              minor(t.refunded, t.currency),
              String(t.refunds),
              minor(t.paid - t.refunded, t.currency),
            ]),
          ),
        );
      }
      const board = desk.boards(site).find((b) => file === `${b.slug}.csv`);
      if (board) {
        const rows = await board.rows({ site, services: options.services(), log: request.log });
        await record(tenant, session, 'csv', `downloaded ${rows.length} ${board.label.toLowerCase()} as CSV`, options.now());
        return sendCsv(
          reply,
          `${site.prefix}-${board.slug}.csv`,
          tableCsv(
            board.columns,
            rows.map((r) => r.cells),
          ),
        );
      }
      const kind = /^(submissions|registrations|contacts)\.csv$/.exec(file)?.[1] as 'submissions' | 'registrations' | 'contacts' | undefined;
      if (!kind) return page(request, reply, site, 'Not found', frame(site, session, 'inbox', '<p>There is no such download.</p>'), 404);
      const form = text(query(request).form);
      const found = await tenant.list(kind, form ? { form } : undefined);
      // Only what visitors sent goes into the file: never a contact's confirmation key or its digest, nor who read it.
      const records = found.map(({ key: _key, digest: _digest, expiresAt: _expires, readAt: _read, readBy: _reader, ...rest }) => rest);
      const { csv } = recordsCsv(records);
      await record(tenant, session, 'csv', `downloaded ${records.length} ${kind}${form ? ` of “${form}”` : ''} as CSV`, options.now());
      const name = `${site.prefix}-${kind}${form ? `-${form.replace(/[^a-z0-9-]/gi, '')}` : ''}.csv`;
      return sendCsv(reply, name, csv);
    }),
  );

  // Money: the ledger's totals per month, in the site's zone, and the last payments.
  app.get(
    '/:site/desk/money',
    guarded(async (request, reply, { site, tenant, session }) => {
      const b = base(site);
      if (!site.data.payments) return page(request, reply, site, 'Money', frame(site, session, 'money', '<p class="muted">This site takes no payments.</p>'));
      const zone = site.data.site.timeZone ?? 'UTC';
      const entries = await tenant.list('ledger');
      const months = monthlyTotals(entries, (iso) => localDate(Date.parse(iso), zone).slice(0, 7));
      const locale = site.data.site.language;
      const m = (minor: number, currency: string) => escapeHtml(formatMoneyExact(minor, currency, locale));
      const table = months.length
        ? `<div class="desk-table-wrap" role="region" aria-label="Totals per month" tabindex="0"><table class="desk-table"><caption>Totals per month (${escapeHtml(zone)})</caption>
<thead><tr><th scope="col">Month</th><th scope="col">Taken</th><th scope="col">Of it donations</th><th scope="col">Refunded</th><th scope="col">Net</th></tr></thead>
<tbody>${months
            .map(
              (t) =>
                `<tr${t.test ? ' class="desk-test"' : ''}><th scope="row">${escapeHtml(t.month)}${months.some((o) => o.month === t.month && o.currency !== t.currency) ? ` ${escapeHtml(t.currency)}` : ''}${t.test ? ' <span class="desk-status">test mode</span>' : ''}</th><td>${m(t.paid, t.currency)} <span class="muted">(${t.payments})</span></td><td>${m(t.donations, t.currency)}</td><td>${m(t.refunded, t.currency)} <span class="muted">(${t.refunds})</span></td><td>${m(t.paid - t.refunded, t.currency)}</td></tr>`,
            )
            .join('')}</tbody></table></div>`
        : '<p class="muted">No money has come in yet.</p>';
      const testNote = months.some((t) => t.test)
        ? '<p>Rows marked <span class="desk-status">test mode</span> are checkouts paid in test mode: no money moved, and they are not counted with the rest.</p>'
        : '';
      const opened = new Map(entries.filter((e) => e.type === 'checkout-opened').map((e) => [e.checkout, e]));
      const recent = entries
        .filter((e) => e.type === 'paid' || e.type === 'refunded')
        .slice(-50)
        .reverse();
      const list = recent.length
        ? `<h2>The last payments and refunds</h2><ul class="desk-list">${recent
            .map((e) => {
              const o = opened.get(e.checkout);
              const what = asText(o?.description ?? o?.purpose ?? '');
              return `<li><time datetime="${escapeHtml(e.createdAt)}">${escapeHtml(e.createdAt.replace('T', ' ').slice(0, 16))}</time> ${e.type === 'refunded' ? 'Refunded' : 'Paid'} <strong>${m(e.amount as number, asText(e.currency))}</strong>${isTestCheckout(o) ? ' <span class="desk-status">test mode</span>' : ''}: ${escapeHtml(what)}${o?.email ? ` <span class="muted">(${escapeHtml(asText(o.email))})</span>` : ''}</li>`;
            })
            .join('')}</ul>`
        : '';
      return page(
        request,
        reply,
        site,
        'Money',
        frame(
          site,
          session,
          'money',
          `<p>What the ledger holds, the same entries as <code>sitewright ledger</code>. Net is taken less refunded.</p>${table}${testNote}${csvLink(`${b}/export/money.csv`, 'Download the monthly totals as CSV')}${list}`,
        ),
      );
    }),
  );

  // A block's board (see DeskBoard): its records, a CSV download and a button per action.
  const boardPage = async (request: FastifyRequest, reply: FastifyReply, { site, session }: Signed, board: DeskBoard, notice = '', status = 200) => {
    const rows = await board.rows({ site, services: options.services(), log: request.log });
    const b = base(site);
    // After an action the first page is shown, with what was done above it.
    const paged = pageOf(rows, request.method === 'GET' ? query(request).page : undefined, (n) => `${b}/${board.slug}?page=${n}`);
    const body = `${notice}<p>${escapeHtml(board.intro)}</p>${csvLink(`${b}/export/${board.slug}.csv`, `Download the ${board.label.toLowerCase()} as CSV`)}${boardList(b, session, board, paged.shown)}${paged.nav}`;
    return page(request, reply, site, board.label, frame(site, session, board, body), status);
  };
  const boardOf = (site: Site, slug: string) => desk.boards(site).find((b) => b.slug === slug);

  app.get(
    '/:site/desk/:board',
    guarded(async (request, reply, signed) => {
      const board = boardOf(signed.site, (request.params as { board: string }).board);
      if (!board)
        return page(request, reply, signed.site, 'Not found', frame(signed.site, signed.session, 'inbox', '<p>There is no such page on this desk.</p>'), 404);
      return boardPage(request, reply, signed, board);
    }),
  );

  app.post(
    '/:site/desk/:board/:id/:action',
    guarded(async (request, reply, signed) => {
      const { site, tenant, session } = signed;
      const params = request.params as { board: string; id: string; action: string };
      const board = boardOf(site, params.board);
      if (!board) return page(request, reply, site, 'Not found', frame(site, session, 'inbox', '<p>There is no such page on this desk.</p>'), 404);
      const input = { site, services: options.services(), log: request.log };
      // What moves money (a refund) is an owner's to do; the board says so to staff, and their post is refused here.
      if (session.role !== 'owner') {
        const offered = (await board.rows(input)).find((r) => r.id === params.id)?.actions.find((a) => a.name === params.action);
        if (offered?.ownerOnly)
          return boardPage(
            request,
            reply,
            signed,
            board,
            `<p role="alert">Only an owner of the site can ${escapeHtml(offered.label.toLowerCase())} this, as it gives money back.</p>`,
            403,
          );
      }
      // What cannot be undone (a refund) is done on the second, confirmed post only: the first shows what it will do.
      const what = (request.body as Record<string, unknown>)[CONFIRMED_FIELD] === '1' ? undefined : await board.confirm?.(input, params.id, params.action);
      if (what !== undefined) {
        const offered = (await board.rows(input)).find((r) => r.id === params.id)?.actions.find((a) => a.name === params.action);
        const action = { name: params.action, label: offered?.label ?? params.action };
        return page(request, reply, site, board.label, frame(site, session, board, confirmPage(base(site), session, board, params.id, action, what)));
      }
      // The record is looked up in this site's store only: an id of another site's finds nothing.
      const acted = await board.act(input, params.id, params.action);
      if ('refused' in acted) return boardPage(request, reply, signed, board, `<p role="alert">${escapeHtml(acted.problem)}</p>`, acted.refused);
      await record(tenant, session, params.action.slice(0, 40), acted.done, options.now());
      const first = acted.done.charAt(0).toUpperCase() + acted.done.slice(1);
      return boardPage(request, reply, signed, board, `<p role="status">${escapeHtml(first)}.</p>`);
    }, true),
  );

  app.get(
    '/:site/desk/activity',
    guarded(async (request, reply, { site, tenant, session }) => {
      const entries = newestFirst(await tenant.list('deskActivity')).slice(0, 500);
      const list = entries.length
        ? `<ol class="desk-list" reversed>${entries
            .map(
              (a) =>
                `<li><time datetime="${escapeHtml(asText(a.at))}">${escapeHtml(asText(a.at).replace('T', ' ').slice(0, 16))}</time> <strong>${escapeHtml(asText(a.name))}</strong> <span class="muted">(${escapeHtml(asText(a.email))})</span>: ${escapeHtml(asText(a.detail))}</li>`,
            )
            .join('')}</ol>`
        : '<p class="muted">Nothing yet.</p>';
      return page(request, reply, site, 'Activity', frame(site, session, 'activity', `<p>Everything done on this desk: who, what and when (UTC).</p>${list}`));
    }),
  );

  const eraseForm = (site: Site, session: Session) =>
    session.role === 'owner'
      ? `<p>Erase everything this site keeps about one person, as the law may ask: their form submissions, registrations, newsletter subscriptions, bookings and orders, with the files they sent. Money records stay for the accounts. This cannot be undone.</p>
<form method="post" action="${escapeHtml(base(site))}/erase" class="desk-form">${csrfField(session)}
<div class="field"><label for="desk-erase">Their e-mail address</label><input id="desk-erase" name="email" type="email" required></div>
<button type="submit" class="button">Erase their data</button></form>`
      : '<p>Only an owner of the site may erase a person’s data. Ask one of them.</p>';

  app.get(
    '/:site/desk/erase',
    guarded(async (request, reply, { site, session }) =>
      page(request, reply, site, "Erase a person's data", frame(site, session, 'erase', eraseForm(site, session))),
    ),
  );

  app.post(
    '/:site/desk/erase',
    guarded(async (request, reply, { site, tenant, session }) => {
      const section: DeskSection = 'erase';
      if (session.role !== 'owner') return page(request, reply, site, "Erase a person's data", frame(site, session, section, eraseForm(site, session)), 403);
      const email = text((request.body as Record<string, unknown>).email)
        .trim()
        .toLowerCase();
      if (!/^[^\s@]+@[^\s@]+$/.test(email))
        return page(
          request,
          reply,
          site,
          "Erase a person's data",
          frame(site, session, section, `<p role="alert">Please enter an e-mail address.</p>${eraseForm(site, session)}`),
          422,
        );
      const erased = await erasePerson(store, options.uploadsDir, site.prefix, email);
      const count = Object.values(erased.records).reduce((a, b) => a + b, 0);
      await record(
        tenant,
        session,
        'erase',
        `erased the data of ${email}: ${count} records, ${erased.files.length} files${erased.kept ? `, ${erased.kept} money records kept` : ''}`,
        options.now(),
      );
      const body = `<p role="status">Erased ${count} ${count === 1 ? 'record' : 'records'} and ${erased.files.length} ${erased.files.length === 1 ? 'file' : 'files'} of ${escapeHtml(email)}.${erased.kept ? ` ${erased.kept} money ${erased.kept === 1 ? 'record is' : 'records are'} kept for the accounts.` : ''}</p>${eraseForm(site, session)}`;
      return page(request, reply, site, "Erase a person's data", frame(site, session, section, body));
    }, true),
  );
}

/** A CSV download: never cached, saved under its name. */
function sendCsv(reply: FastifyReply, name: string, body: string) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .send(body);
}
