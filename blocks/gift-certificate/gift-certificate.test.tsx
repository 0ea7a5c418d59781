import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { blocksHtml, renderPage } from '../../runtime/render/page.tsx';
import { problemsOf, siteFrom, siteWithBlocks, targetAt } from '../../tests/helpers/site.tsx';
import { typedRange } from './action.ts';
import { certificateOf, deliveryWindow, sendsAt, validUntilOf, valueLine } from '../kits/gifts/certificate.ts';
import { CODE_ALPHABET, codeFromTyped, newCode } from '../kits/gifts/code.ts';
import { giftCertificate } from './index.tsx';
import { certificatePdf, printable } from '../kits/gifts/pdf.ts';

const MONEY = `payments:
  currency: USD
  provider: test
`;
const RECEIPTS = `  - path: /payment-success
    title: Thank you
    noindex: true
    blocks:
      - type: receipt
`;
/** A site whose home page shows the blocks, with a payments section and a receipts page. */
const moneySite = (blocks: object[]) => siteWithBlocks(stringify(blocks), RECEIPTS) + MONEY;
const example = { type: 'gift-certificate', ...giftCertificate.example };
const cards = {
  type: 'gift-certificate',
  certificate: 'gift-cards',
  codePrefix: 'ROOM',
  amounts: { presets: [50, 100, 150], min: 25, max: 500 },
  redeem: 'Call us on (555) 555-0151 to reserve, and give the code.',
};

describe('gift-certificate block', () => {
  const site = siteFrom(moneySite([example]));

  it('renders the example: its packages as labelled radio buttons with their prices, the people in fieldsets, and the test-mode note', () => {
    const html = blocksHtml(site, targetAt(site, '/'), [example], '2026-06-15');
    expect(html).toContain('<h2 id="gift-lessons-heading">Give the gift of golf</h2>');
    expect(html).toContain('<strong>Test mode.</strong>');
    expect(html).toContain('<legend>Choose a certificate<span class="field-required"> (required)</span></legend>');
    expect(html).toContain('<label for="gift-lessons-package-1">Three lessons: <strong>$225</strong></label>');
    expect(html).toContain('aria-describedby="gift-lessons-package-0-help" name="package" value="One lesson"');
    expect(html).toContain('<legend>Who it is for</legend>');
    expect(html).toContain('<legend>From you</legend>');
    expect(html).toContain('<label for="gift-lessons-recipientEmail">Their e-mail address<span class="field-required"> (required)</span></label>');
    expect(html).toContain('<textarea id="gift-lessons-message" aria-describedby="gift-lessons-message-help" name="message" rows="3" maxLength="300">');
    // From yesterday in UTC (still today in the Americas) to a year ahead.
    expect(html).toContain('type="date" min="2026-06-14" max="2027-06-15" name="deliverOn"');
    expect(html).toContain('name="_certificate" value="lessons"');
    expect(html).toContain('Valid for 5 years from the day you buy it.');
    expect(html).toContain('<button type="submit" class="button">Buy gift certificate</button>');
    expect(html).not.toContain('<script');
  });

  it('offers amounts, and an amount of your own between min and max', () => {
    const amounts = siteFrom(moneySite([cards]));
    const html = blocksHtml(amounts, targetAt(amounts, '/'), [cards], '2026-06-15');
    expect(html).toContain('<label for="gift-gift-cards-amount-0">$50</label>');
    expect(html).toContain('<label for="gift-gift-cards-amount-other">Another amount</label>');
    expect(html).toContain('From $25 to $500.');
    expect(html).toContain('It does not expire.');
    expect(typedRange(amounts, { ...cards, submit: 'Buy' })).toEqual({ min: 2_500, max: 50_000 });
    // Presets alone: no amount of your own.
    const presets = { ...cards, amounts: { presets: [50, 100] } };
    expect(blocksHtml(amounts, targetAt(amounts, '/'), [presets], '2026-06-15')).not.toContain('Another amount');
  });

  it('shows the messages of a refused post beside their fields, with the answers kept', () => {
    const html = renderPage(site, targetAt(site, '/'), {
      origin: 'https://sites.example.com',
      assets: { stylesheet: '/s.css' },
      visitor: {
        token: 't',
        posted: {
          key: 'gift-certificate:lessons',
          state: { values: { recipientEmail: 'walt(at)example', package: 'Three lessons' }, errors: { recipientEmail: 'Please enter an e-mail address.' } },
        },
      },
    }).html;
    expect(html).toContain('<div class="form-errors" role="alert" tabindex="-1" autofocus="">');
    expect(html).toContain('<a href="#gift-lessons-recipientEmail">Please enter an e-mail address.</a>');
    expect(html).toContain('aria-describedby="gift-lessons-recipientEmail-help gift-lessons-recipientEmail-error" aria-invalid="true"');
    expect(html).toContain('value="walt(at)example"');
    expect(html).toMatch(/checked="" value="Three lessons"/);
  });

  it('needs the site to take payments', () => {
    const problems = problemsOf(siteWithBlocks(stringify([example]))).join('\n');
    expect(problems).toContain('SW_PAYMENTS_MISSING');
  });

  it('is offered for amounts or as packages, never both and never neither', () => {
    const both = problemsOf(moneySite([{ ...example, amounts: cards.amounts }])).join('\n');
    expect(both).toContain('SW_NOT_ALLOWED');
    expect(both).toContain('The certificate is offered both for amounts and as packages.');
    const { packages: _packages, ...neither } = example;
    expect(problemsOf(moneySite([neither])).join('\n')).toContain('The block says neither which amounts nor which packages are on offer.');
  });

  it('refuses prices the currency cannot hold, a range upside down and two packages of one name', () => {
    const cents = problemsOf(moneySite([{ ...example, packages: [{ name: 'One lesson', price: 75.125 }] }])).join('\n');
    expect(cents).toContain('SW_AMOUNT');
    expect(cents).toContain('75.125 has more digits after the point than USD has.');
    expect(problemsOf(moneySite([{ ...cards, amounts: { presets: [50, 100], min: 600, max: 500 } }])).join('\n')).toContain(
      'The lowest amount (600) is above the highest (500).',
    );
    const twice = problemsOf(
      moneySite([
        {
          ...example,
          packages: [
            { name: 'One lesson', price: 75 },
            { name: 'One lesson', price: 80 },
          ],
        },
      ]),
    ).join('\n');
    expect(twice).toContain('SW_NOT_UNIQUE');
    expect(problemsOf(moneySite([{ ...example, codePrefix: 'golf' }])).join('\n')).toContain('codePrefix');
    expect(problemsOf(moneySite([example]))).toEqual([]);
  });

  it('asks for a receipts page to bring payers back to', () => {
    expect(problemsOf(siteWithBlocks(stringify([example])) + MONEY).join('\n')).toContain('SW_RECEIPT_PAGE');
  });
});

describe('certificate codes', () => {
  it('are the prefix and eight characters without look-alikes, grouped in fours, and do not repeat', () => {
    const codes = Array.from({ length: 2_000 }, () => newCode('GOLF'));
    for (const code of codes) expect(code).toMatch(/^GOLF-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    expect(new Set(codes).size).toBe(codes.length);
    expect(CODE_ALPHABET).not.toMatch(/[01OIL]/);
    // Every character of the alphabet turns up.
    expect(new Set(codes.join('').replace(/GOLF|-/g, ''))).toEqual(new Set(CODE_ALPHABET));
  });

  it('are read back in any case, with or without dashes and spaces; anything else is no code', () => {
    for (const typed of ['GOLF-7KQ4-M2XD', 'golf7kq4m2xd', ' Golf 7KQ4 m2xd ', 'GOLF–7KQ4–M2XD']) expect(codeFromTyped(typed)).toBe('GOLF-7KQ4-M2XD');
    for (const typed of ['', 'GOLF-7KQ4', 'GOLF-7KQ4-M2XDX', 'GOLF-7KQ0-M2XD', 'GOLF-7KQ4-M2XL', '7KQ4-M2XD', 42, undefined, 'x'.repeat(100)])
      expect(codeFromTyped(typed)).toBeUndefined();
  });
});

describe('certificate dates', () => {
  const june15 = Date.parse('2026-06-15T09:30:00Z');

  it('sends a dated certificate at noon UTC that day, and an undated one at once', () => {
    expect(sendsAt('2026-12-25')).toBe(Date.parse('2026-12-25T12:00:00Z'));
    expect(sendsAt('')).toBe(0);
  });

  it('lets buyers choose from yesterday to a year ahead', () => {
    expect(deliveryWindow(june15)).toEqual({ earliest: '2026-06-14', latest: '2027-06-15' });
  });

  it('is valid for whole months from the day it is bought, to the end of a shorter month', () => {
    expect(validUntilOf(june15, 60)).toBe('2031-06-15');
    expect(validUntilOf(Date.parse('2027-01-31T10:00:00Z'), 1)).toBe('2027-02-28');
    expect(validUntilOf(Date.parse('2027-01-31T10:00:00Z'), 13)).toBe('2028-02-29');
    expect(validUntilOf(june15, undefined)).toBeUndefined();
    // Bought at 8:29 PM on November 28 in Burlington (01:29 on the 29th in UTC): valid until December 28 there.
    expect(validUntilOf(Date.parse('2026-11-29T01:29:00Z'), 1, 'America/New_York')).toBe('2026-12-28');
    expect(validUntilOf(Date.parse('2026-11-29T01:29:00Z'), 1)).toBe('2026-12-29');
  });
});

describe('the certificate as a PDF', () => {
  const site = siteFrom(moneySite([example]));
  const certificate = certificateOf({
    id: '1',
    createdAt: '2026-06-15T10:00:00.000Z',
    type: 'gift-issued',
    account: 'GOLF-7KQ4-M2XD',
    amount: 22_500,
    currency: 'USD',
    details: {
      certificate: 'lessons',
      recipientName: 'Zoë Łukasiewicz',
      recipientEmail: 'zoe@example.com',
      buyerName: 'Sam',
      message: 'Happy birthday 🎉 from all of us',
      deliverOn: '',
      package: 'Three lessons',
      validUntil: '2031-06-15',
      testMode: true,
    },
  });

  it('is read from its ledger entry', () => {
    expect(certificate).toMatchObject({ code: 'GOLF-7KQ4-M2XD', value: 22_500, package: 'Three lessons', testMode: true, validUntil: '2031-06-15' });
    expect(valueLine(certificate!, 'en-US')).toBe('Three lessons ($225.00)');
    expect(certificateOf({ id: '2', createdAt: '', type: 'gift-issued', account: 'GOLF-2222-3333', amount: 5 })).toBeUndefined();
  });

  it('is a one-page PDF named after its code', async () => {
    const pdf = await certificatePdf(site, certificate!, 'Call the pro shop to book.');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain('gift certificate GOLF-7KQ4-M2XD');
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);
  });

  it('prints what its fonts can draw: accents kept or taken off, emoji left out', () => {
    expect(printable('Zoë Łukasiewicz')).toBe('Zoë Lukasiewicz');
    expect(printable('Happy birthday 🎉 from all of us')).toBe('Happy birthday from all of us');
    expect(printable('“Fore!” — Ćwiek')).toBe('“Fore!” — Cwiek');
    expect(printable('杉')).toBe('?');
  });
});
