/**
 * `sitewright ledger`: the export of a site's money, read beside a running server from the same
 * data folder, in CSV or JSON, from a day on, with amounts exact to the cent and formula cells shown as text.
 */
import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFleet } from '../runtime/fleet.ts';
import { buildApp } from '../runtime/server/app.ts';
import { openServices } from '../runtime/services/index.ts';
import { pathOf, press, signedPost } from './helpers/money.ts';
import { BLOCKS } from '../blocks/registry.ts';

const run = promisify(execFile);
const CLI = fileURLToPath(new URL('../cli/sitewright.mjs', import.meta.url));
const MONEY_FLEET = fileURLToPath(new URL('./fixtures/money', import.meta.url));
let dataDir: string;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sitewright-ledger-'));
  const [fleet, services] = await Promise.all([loadFleet(MONEY_FLEET, BLOCKS), openServices(dataDir)]);
  app = await buildApp({
    blocks: BLOCKS,
    fleet,
    origin: 'https://sites.example.com',
    services,
    formLimits: { perVisitorPerMinute: 1000, perSitePerTenMinutes: 1000 },
  });
  app.addHook('onClose', () => services.store.close());
  const pay = async (fields: Record<string, string>, outcome: string) => {
    const sent = await signedPost(app, services.signer, '/town/pay', fields);
    await press(app, pathOf(sent.headers.location), outcome);
  };
  await pay({ _payment: 'water-bill', reference: '104233-01', amount: '101.50', email: 'ana@example.com' }, 'pay');
  await pay({ _payment: 'permit', email: 'bo@example.com' }, 'fail');
});
afterAll(() => app.close());

describe('sitewright ledger', () => {
  it('exports every entry as CSV beside the running server, with exact amounts and a total', async () => {
    const { stdout, stderr } = await run(process.execPath, [CLI, 'ledger', 'town', '--data', dataDir]);
    const [header, ...lines] = stdout.trim().split('\n');
    expect(header).toBe(
      'date,type,amount,amountMinor,currency,checkout,purpose,description,reference,email,code,balanceChange,provider,providerCheckoutId,providerPaymentId,providerRefundId,providerEventId,key,details',
    );
    const types = lines.map((l) => l.split(',')[1]);
    expect(types.sort()).toEqual(['checkout-opened', 'checkout-opened', 'failed', 'fulfilled', 'paid']);
    expect(lines.find((l) => l.split(',')[1] === 'paid')).toContain(',paid,104.04,10404,USD,');
    expect(stderr).toContain('5 ledger entries from town; 1 paid, 104.04 USD');
  });

  it('exports JSON, and only what happened on or after --from', async () => {
    const json = JSON.parse((await run(process.execPath, [CLI, 'ledger', 'town', '--format', 'json', '--data', dataDir])).stdout) as Record<string, string>[];
    const opened = json.find((e) => e.type === 'checkout-opened' && e.reference === '104233-01');
    expect(opened).toMatchObject({ amount: '104.04', amountMinor: '10404', email: 'ana@example.com' });
    // What the block kept with the entry, and the lines it was opened with, in one JSON cell.
    expect(JSON.parse(opened?.details ?? '{}')).toMatchObject({
      details: { payment: 'water-bill' },
      mode: 'once',
      lines: [
        { name: 'Water bill', amount: 10150, quantity: 1 },
        { name: 'Card processing fee', amount: 254, quantity: 1 },
      ],
    });
    const later = await run(process.execPath, [CLI, 'ledger', 'town', '--from', '2999-01-01', '--data', dataDir]);
    expect(later.stdout.trim().split('\n')).toHaveLength(1);
    expect(later.stderr).toContain('0 ledger entries from town since 2999-01-01');
  });

  it('refuses a day it cannot read, and a format it does not make', async () => {
    await expect(run(process.execPath, [CLI, 'ledger', 'town', '--from', '1/11/2026', '--data', dataDir])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('--from takes a day written YYYY-MM-DD') as unknown,
    });
    await expect(run(process.execPath, [CLI, 'ledger', 'town', '--format', 'xlsx', '--data', dataDir])).rejects.toMatchObject({ code: 1 });
  });
});
