import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { blocksHtml, renderPage } from '../../runtime/render/page.tsx';
import type { VisitorState } from '../contract.ts';
import { problemsOf, siteFrom, siteWithBlocks, targetAt } from '../../tests/helpers/site.tsx';
import { giftBalanceAction } from './action.ts';
import { giftBalance } from './index.tsx';

const MONEY = `payments:
  currency: USD
  provider: test
`;
const example = { type: 'gift-balance', ...giftBalance.example };
const certificate = {
  type: 'gift-certificate',
  certificate: 'gift-cards',
  codePrefix: 'ROOM',
  amounts: { presets: [50, 100] },
  redeem: 'Call us to reserve, and give the code.',
};
const site = siteFrom(
  siteWithBlocks(
    stringify([certificate, example]),
    `  - path: /payment-success
    title: Thank you
    blocks:
      - type: receipt
`,
  ) + MONEY,
);

const withState = (state: VisitorState) =>
  renderPage(site, targetAt(site, '/'), {
    origin: 'https://sites.example.com',
    assets: { stylesheet: '/s.css' },
    today: '2026-06-15',
    visitor: { token: 't', posted: { key: 'gift-balance:balance', state } },
  }).html;

describe('gift-balance block', () => {
  it('renders the example: a labelled code field, with an example in the site’s own code form, posting to its page', () => {
    const html = blocksHtml(site, targetAt(site, '/'), [example], '2026-06-15');
    expect(html).toContain('<h2 id="balance-balance-heading">Check a gift certificate</h2>');
    expect(html).toContain('<form action="/example" method="post">');
    expect(html).toContain('<label for="balance-balance-code">Certificate code<span class="field-required"> (required)</span></label>');
    expect(html).toContain('Such as ROOM-7KQ4-M2XD: capitals and dashes are optional.');
    expect(html).toContain('name="_balance" value="balance"');
    expect(html).toContain('autoComplete="off" autoCapitalize="characters" spellCheck="false" name="code"');
    expect(html).not.toContain('gift-balance-result');
  });

  it('shows what is left on a certificate that was found, with its end date', () => {
    const html = withState({
      values: { code: 'ROOM-7KQ4-M2XD' },
      result: { code: 'ROOM-7KQ4-M2XD', balance: 12_000, currency: 'USD', validUntil: '2031-06-15' },
    });
    expect(html).toContain('<div class="gift-balance-result" role="status" tabindex="-1" autofocus="">');
    expect(html).toContain('<strong>ROOM-7KQ4-M2XD has $120.00 left.</strong>');
    expect(html).toContain('Valid until June 15, 2031.');
    expect(html).not.toContain('form-errors');
  });

  it('says when a certificate has expired or came from a test payment, and whether the site still takes it', () => {
    const html = withState({ result: { code: 'ROOM-7KQ4-M2XD', balance: 0, currency: 'USD', validUntil: '2026-01-31', testMode: 'unusable' } });
    expect(html).toContain('ROOM-7KQ4-M2XD has $0.00 left.');
    expect(html).toContain('It expired on January 31, 2026.');
    expect(html).toContain('came from a practice payment in test mode, and this site now takes real payments: it cannot be used.');
    const practice = withState({ result: { code: 'ROOM-7KQ4-M2XD', balance: 5_000, currency: 'USD', testMode: 'usable' } });
    expect(practice).toContain(
      'Test mode: this certificate came from a practice payment. Its $50.00 can be used on this site while it takes payments in test mode.',
    );
    expect(practice).not.toContain('not valid');
  });

  it('shows an unknown code’s message beside the field', () => {
    const html = withState({ values: { code: 'nope' }, errors: { code: 'No certificate has that code. Check it against the certificate and try again.' } });
    expect(html).toContain('id="balance-balance-code-error" class="field-error">No certificate has that code.');
    expect(html).toContain('value="nope"');
  });

  it('takes posts named for it, with the code and nothing else', () => {
    const props = { ...giftBalance.example };
    expect(giftBalanceAction.accepts(props, { _balance: 'balance' })).toBe(true);
    expect(giftBalanceAction.accepts(props, { _certificate: 'balance' })).toBe(false);
    expect(giftBalanceAction.key(props)).toBe('gift-balance:balance');
    expect(giftBalanceAction.bodySchema(props)).toMatchObject({ required: ['_balance'], additionalProperties: false });
  });

  it('needs the site to take payments, and nothing more', () => {
    expect(problemsOf(siteWithBlocks(stringify([example]))).join('\n')).toContain('SW_PAYMENTS_MISSING');
    expect(problemsOf(siteWithBlocks(stringify([example])) + MONEY)).toEqual([]);
    expect(giftBalance.check?.(giftBalance.example, { payments: { currency: 'USD', provider: 'test', receipts: '/payment-success' }, pages: [] })).toEqual([]);
  });

  it('has working defaults: an author can write just its type', () => {
    const plain = siteFrom(siteWithBlocks(stringify([{ type: 'gift-balance' }])) + MONEY);
    const html = blocksHtml(plain, targetAt(plain, '/'), plain.data.pages[0]?.blocks ?? [], '2026-06-15');
    expect(html).toContain('Check a gift certificate');
    expect(html).toContain('Such as GIFT-7KQ4-M2XD');
    expect(html).toContain('>Check balance</button>');
  });
});
