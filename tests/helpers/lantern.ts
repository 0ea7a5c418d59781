/**
 * Lantern Food Pantry, a charity taking gifts once or monthly with the test provider, as the donate
 * tests use it: its site written to a fresh folder and served, every e-mail it sends kept for the
 * test to read, and its donate form posted and paid as a donor does.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { MailMessage } from '../../runtime/services/mail.ts';
import type { StoredRecord } from '../../runtime/store/store.ts';
import { appWithData } from './app.ts';

const SITE = `schemaVersion: 1
site:
  name: Lantern Food Pantry
  kind: charity
  description: A food pantry for families in Harlow.
  email: hello@lantern.example.org
  notify: gifts@lantern.example.org
theme:
  colors:
    primary: "#7c2d12"
navigation:
  - label: Home
    href: /
  - label: Donate
    href: /donate
payments:
  currency: USD
  provider: test
owners:
  - { email: mara@lantern.example.org, name: Mara Quist, role: owner }
pages:
  - path: /
    title: Lantern Food Pantry
    blocks:
      - type: hero
        heading: Groceries for every family in Harlow
  - path: /donate
    title: Donate
    blocks:
      - type: donate
        donation: general-fund
        heading: Give a gift today
        intro: $25 stocks a family's shelves for a week.
        description: Donation to Lantern Food Pantry
        presets: [25, 60, 120]
        other:
          min: 5
          max: 10000
        dedication: true
        declaration:
          label: Mail me a written acknowledgement for my tax records
          text: We mail one to your home address each January.
  - path: /give-monthly
    title: Give every month
    blocks:
      - type: donate
        donation: monthly-friends
        description: Monthly gift to Lantern Food Pantry
        presets: [10, 20]
        frequencies: [monthly]
        thankYou: /thank-you
  - path: /payment-success
    title: Thank you
    noindex: true
    blocks:
      - type: receipt
        thanks: Your gift is already on a shelf.
  - path: /thank-you
    title: Welcome, monthly friend
    noindex: true
    blocks:
      - type: receipt
        thanks: Monthly friends keep the pantry open all year.
`;

export type Lantern = Awaited<ReturnType<typeof appWithData>>;

/** The pantry's site served over a fresh data folder; every message it sends is also pushed onto `mails`. */
export async function openLantern(mails: MailMessage[]): Promise<Lantern> {
  const sites = await mkdtemp(join(tmpdir(), 'sitewright-donate-sites-'));
  await mkdir(join(sites, 'lantern'));
  await writeFile(join(sites, 'lantern', 'site.yaml'), SITE);
  const ctx = await appWithData(sites);
  const send = ctx.services.mailer.send.bind(ctx.services.mailer);
  ctx.services.mailer.send = (message) => {
    mails.push(message);
    return send(message);
  };
  return ctx;
}

export const donor = { _donation: 'general-fund', name: 'Ana Ruiz', email: 'Ana@Example.com' };
const CHECKOUT_URL = /^\/payments\/test\/lantern\/([A-Za-z0-9_-]{22})$/;

/** What the donate tests post and read, on the pantry `lantern()` returns once it has started. */
export function lanternForms(lantern: () => Lantern) {
  const post = (url: string, fields: Record<string, string | string[]>) => {
    const body = new URLSearchParams();
    for (const [k, v] of Object.entries({ _t: lantern().services.signer.timeToken(Date.now() - 10_000), ...fields }))
      for (const one of [v].flat()) body.append(k, one);
    return lantern().app.inject({ method: 'POST', url, payload: body.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  };
  const get = (url: string) => lantern().app.inject({ method: 'GET', url });
  const ledger = async (where: Record<string, unknown> = {}): Promise<StoredRecord[]> =>
    (await lantern().services.store.tenant('lantern')).list('ledger', where);
  const typesOf = async (checkout: string) => (await ledger({ checkout })).map((e) => e.type).sort();

  /** Posts a gift and returns its checkout id, after checking the post went to the provider's checkout. */
  async function give(fields: Record<string, string | string[]>, url = '/lantern/donate'): Promise<string> {
    const res = await post(url, fields);
    expect(res.statusCode, res.body).toBe(303);
    const checkout = CHECKOUT_URL.exec(String(res.headers.location))?.[1];
    expect(checkout, String(res.headers.location)).toBeTruthy();
    return checkout as string;
  }
  const press = (checkout: string, outcome: string) => post(`/payments/test/lantern/${checkout}`, { outcome });

  return { post, get, ledger, typesOf, give, press };
}
