/**
 * The desk's CSV downloads, `/{site}/desk/export/{name}.csv`: the monthly money totals, and each
 * board's records (the board's own file, or its rows). Never cached; each kept on the Activity page.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { DeskRow } from '../../blocks/contract.ts';
import { siteZone } from '../render/site-zone.ts';
import { tableCsv } from '../store/csv.ts';
import { record } from './auth.ts';
import { moneyCsv, moneyMonths, moneyParts } from './money.ts';
import type { DeskScope } from './scope.ts';

/** A board's rows as CSV: its columns, then a column for each label the rows' details use, in the order they first come. */
function rowsCsv(columns: readonly string[], rows: readonly DeskRow[]): string {
  const labels = [...new Set(rows.flatMap((r) => (r.details ?? []).map((d) => d.label)))].filter((l) => !columns.includes(l));
  return tableCsv(
    [...columns, ...labels],
    rows.map((r) => [...columns.map((_, i) => r.cells[i] ?? ''), ...labels.map((l) => r.details?.find((d) => d.label === l)?.text ?? '')]),
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

export function exportFiles(app: FastifyInstance, desk: DeskScope) {
  app.get(
    '/:site/desk/export/:file',
    desk.guarded(async (request, reply, signed) => {
      const { site, tenant, session } = signed;
      const file = (request.params as { file: string }).file;
      const now = desk.options.now();
      if (file === 'money.csv' && site.data.payments) {
        const parts = moneyParts(desk.boards(site));
        const months = moneyMonths(await tenant.list('ledger'), siteZone(site), parts);
        await record(tenant, session, 'csv', `downloaded the monthly money totals as CSV`, now);
        return sendCsv(reply, `${site.prefix}-money.csv`, moneyCsv(months, parts));
      }
      const board = desk.boards(site).find((b) => file === `${b.slug}.csv`);
      const input = board && desk.input(request, signed);
      const own = input && (await board.csv?.(input));
      if (own) {
        await record(tenant, session, 'csv', own.done, now);
        return sendCsv(reply, `${site.prefix}-${own.name}.csv`, own.body);
      }
      if (input && board.rows && board.columns) {
        const rows = await board.rows(input);
        await record(tenant, session, 'csv', `downloaded ${rows.length} ${board.label.toLowerCase()} as CSV`, now);
        return sendCsv(reply, `${site.prefix}-${board.slug}.csv`, rowsCsv(board.columns, rows));
      }
      return desk.framed(request, reply, signed, undefined, 'Not found', '<p>There is no such download.</p>', 404);
    }),
  );
}
