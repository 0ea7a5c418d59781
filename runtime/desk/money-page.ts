/**
 * Money, `/{site}/desk/money`: the ledger's totals per month in the site's zone (with the parts of
 * the takings the site's boards name), test mode's apart, and the last payments and refunds.
 */
import type { FastifyInstance } from 'fastify';
import type { DeskMoneyPart } from '../../blocks/contract.ts';
import { escapeHtml } from '../render/escape.ts';
import { siteZone } from '../render/site-zone.ts';
import type { Site } from '../site.ts';
import { isTestCheckout, momentOf } from '../payments/ledger.ts';
import { formatMoneyExact } from '../payments/money.ts';
import type { StoredRecord } from '../store/store.ts';
import { asText } from '../text.ts';
import { moneyMonths, moneyParts, type MoneyMonth } from './money.ts';
import type { DeskScope } from './scope.ts';
import { csvLink, timeTag } from './ui.ts';

type Format = (minor: number, currency: string) => string;

/** The totals as a table, a row per month, currency and mode. */
function totalsTable(months: readonly MoneyMonth[], parts: readonly DeskMoneyPart[], zone: string, m: Format): string {
  if (!months.length) return '<p class="muted">No money has come in yet.</p>';
  const head = ['Month', 'Taken', ...parts.map((p) => p.label), 'Refunded', 'Net'].map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('');
  const rows = months
    .map((t) => {
      const month = `${escapeHtml(t.month)}${months.some((o) => o.month === t.month && o.currency !== t.currency) ? ` ${escapeHtml(t.currency)}` : ''}${t.test ? ' <span class="desk-status">test mode</span>' : ''}`;
      const cells = [
        `${m(t.paid, t.currency)} <span class="muted">(${t.payments})</span>`,
        ...t.parts.map((amount) => m(amount, t.currency)),
        `${m(t.refunded, t.currency)} <span class="muted">(${t.refunds})</span>`,
        m(t.paid - t.refunded, t.currency),
      ];
      return `<tr${t.test ? ' class="desk-test"' : ''}><th scope="row">${month}</th>${cells.map((c) => `<td>${c}</td>`).join('')}</tr>`;
    })
    .join('');
  return `<div class="desk-table-wrap" role="region" aria-label="Totals per month" tabindex="0"><table class="desk-table"><caption>Totals per month (${escapeHtml(zone)})</caption>
<thead><tr>${head}</tr></thead>
<tbody>${rows}</tbody></table></div>`;
}

/** The last 50 payments and refunds, newest first, each at its moment in the site's zone with what it paid for. */
function recentList(site: Site, entries: readonly StoredRecord[], m: Format): string {
  const opened = new Map(entries.filter((e) => e.type === 'checkout-opened').map((e) => [e.checkout, e]));
  const recent = entries
    .filter((e) => e.type === 'paid' || e.type === 'refunded')
    .slice(-50)
    .reverse();
  if (!recent.length) return '';
  return `<h2>The last payments and refunds</h2><ul class="desk-list">${recent
    .map((e) => {
      const o = opened.get(e.checkout);
      const what = asText(o?.description ?? o?.purpose ?? '');
      return `<li>${timeTag(site, momentOf(e))} ${e.type === 'refunded' ? 'Refunded' : 'Paid'} <strong>${m(e.amount as number, asText(e.currency))}</strong>${isTestCheckout(o) ? ' <span class="desk-status">test mode</span>' : ''}: ${escapeHtml(what)}${o?.email ? ` <span class="muted">(${escapeHtml(asText(o.email))})</span>` : ''}</li>`;
    })
    .join('')}</ul>`;
}

export function moneyPage(app: FastifyInstance, desk: DeskScope) {
  app.get(
    '/:site/desk/money',
    desk.guarded(async (request, reply, signed) => {
      const { site, tenant } = signed;
      if (!site.data.payments) return desk.framed(request, reply, signed, 'money', 'Money', '<p class="muted">This site takes no payments.</p>');
      const zone = siteZone(site);
      const entries = await tenant.list('ledger');
      const parts = moneyParts(desk.boards(site));
      const months = moneyMonths(entries, zone, parts);
      const m: Format = (minor, currency) => escapeHtml(formatMoneyExact(minor, currency, site.data.site.language));
      const testNote = months.some((t) => t.test)
        ? '<p>Rows marked <span class="desk-status">test mode</span> are checkouts paid in test mode: no money moved, and they are not counted with the rest.</p>'
        : '';
      const body = `<p>What the ledger holds, the same entries as <code>sitewright ledger</code>. Net is taken less refunded.</p>${totalsTable(months, parts, zone, m)}${testNote}${csvLink(`${desk.base(site)}/export/money.csv`, 'Download the monthly totals as CSV')}${recentList(site, entries, m)}`;
      return desk.framed(request, reply, signed, 'money', 'Money', body);
    }),
  );
}
