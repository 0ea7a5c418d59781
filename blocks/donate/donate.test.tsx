import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { pageHtml, problemsOf, siteFrom, siteWithBlocks } from '../../tests/helpers/site.tsx';
import { donate } from './index.tsx';
import { readGift, valuesOf } from './gift.ts';

const PAYMENTS = 'payments:\n  currency: USD\n  provider: test\n';
const RECEIPTS = '  - path: /payment-success\n    title: Thank you\n    noindex: true\n    blocks:\n      - type: receipt\n';
const blockYaml = (props: Record<string, unknown>) => stringify([{ type: 'donate', ...donate.example, ...props }]);
const yamlWith = (props: Record<string, unknown> = {}, extra = RECEIPTS + PAYMENTS) => siteWithBlocks(blockYaml(props), extra);
const codes = (yaml: string) => problemsOf(yaml).map((p) => /SW_[A-Z_]+/.exec(p)?.[0]);

describe('the donate block', () => {
  it('renders suggested amounts, the other amount, how often and the donor fields, each labelled', () => {
    const html = pageHtml(siteFrom(yamlWith()), '/');
    expect(html).toContain('<form action="/example" method="post">');
    expect(html).toContain('<input type="hidden" name="_donation" value="general-fund"/>');
    expect(html).toMatch(/name="_t" value="[^"]+"/);
    // Suggested amounts as radios whose value is the amount in cents, labelled in the site's currency.
    expect(html).toContain('<legend>Amount<span class="field-required"> (required)</span></legend>');
    expect(html).toContain(
      '<input type="radio" id="donate-general-fund-gift-0" required="" name="gift" value="2500"/><label for="donate-general-fund-gift-0">$25</label>',
    );
    expect(html).toContain('<label for="donate-general-fund-gift-3">$250</label>');
    expect(html).toContain('<label for="donate-general-fund-gift-other">Other</label>');
    expect(html).toContain('<label for="donate-general-fund-amount">Other amount</label>');
    expect(html).toContain('If you chose “Other”: from $5 to $10,000.');
    // Once or monthly, the first chosen already.
    expect(html).toContain('<legend>How often</legend>');
    expect(html).toMatch(/id="donate-general-fund-frequency-once" required="" name="frequency" checked="" value="once"/);
    expect(html).toContain('<label for="donate-general-fund-frequency-monthly">Every month</label>');
    expect(html).toContain('<label for="donate-general-fund-name">Your name<span class="field-required"> (required)</span></label>');
    expect(html).toContain('<label for="donate-general-fund-email">E-mail for the receipt<span class="field-required"> (required)</span></label>');
    // Dedication and declaration.
    expect(html).toContain('<legend>Dedicate your gift (optional)</legend>');
    expect(html).toContain('<option value="memory">In memory of</option>');
    expect(html).toContain('<label for="donate-general-fund-dedicatee">Their name</label>');
    expect(html).toContain('aria-describedby="donate-general-fund-declaration-text"');
    expect(html).toContain('<label for="donate-general-fund-declaration">Mail me a written acknowledgement for my tax records</label>');
    expect(html).toContain('<label for="donate-general-fund-address">Home address</label>');
    expect(html).toContain('<strong>Test mode.</strong>');
    expect(html).toContain('<button type="submit" class="button">Donate</button>');
    expect(html).not.toContain('<script type="module"');
  });

  it('leaves out what the author did not ask for', () => {
    const html = pageHtml(siteFrom(yamlWith({ other: undefined, frequencies: ['monthly'], dedication: false, declaration: undefined })), '/');
    expect(html).not.toContain('name="amount"');
    expect(html).not.toContain('value="other"');
    expect(html).not.toContain('name="frequency"');
    expect(html).toContain('Your gift is taken every month until you stop it.');
    expect(html).not.toContain('name="dedication"');
    expect(html).not.toContain('name="declaration"');
  });

  it('formats amounts in the currency of the site', () => {
    const html = pageHtml(siteFrom(yamlWith({ presets: [12.5, 40] })), '/');
    expect(html).toContain('>$12.50</label>');
    expect(html).toContain('value="1250"');
  });

  it('reads a post into a gift: a suggested amount by its value, or the donor’s own within the limits', () => {
    const site = siteFrom(yamlWith());
    const props = donate.example;
    const post = (fields: Record<string, string>) => readGift(site, props, valuesOf({ name: 'Ana Ruiz', email: 'Ana@Example.com', ...fields }));
    expect(post({ gift: '6000', frequency: 'monthly' })).toEqual({
      gift: { amount: 6000, frequency: 'monthly', name: 'Ana Ruiz', email: 'ana@example.com', declaration: false },
    });
    // A typed amount counts only when "Other" is chosen.
    expect(post({ gift: '2500', amount: '1' })).toMatchObject({ gift: { amount: 2500, frequency: 'once' } });
    expect(post({ gift: 'other', amount: '$1,250.50' })).toMatchObject({ gift: { amount: 125050 } });
    expect(post({ gift: '2400' })).toEqual({ errors: { gift: 'Please choose an amount, or choose “Other” and enter your own.' } });
    expect(post({ gift: 'other', amount: '4.99' })).toEqual({ errors: { amount: 'Please enter an amount from $5 to $10,000.' } });
    expect(post({ gift: '2500', frequency: 'weekly' })).toEqual({ errors: { frequency: 'Please choose how often to give.' } });
    expect(post({ gift: '2500', dedication: 'memory', dedicatee: 'Ruth Alvarez' })).toMatchObject({
      gift: { dedication: { kind: 'memory', name: 'Ruth Alvarez' } },
    });
    expect(post({ gift: '2500', dedication: 'constructor', dedicatee: 'X' })).toEqual({ errors: { dedication: 'Please choose one of the dedications.' } });
    expect(post({ gift: '2500', dedication: 'honour' })).toEqual({
      errors: { dedicatee: 'Please enter the name of the person your gift is in honour of.' },
    });
    expect(post({ gift: '2500', declaration: 'yes', name: 'Ana' })).toEqual({
      errors: {
        name: 'Please enter your full name, first name and last name: the declaration needs it.',
        address: 'Please enter your home address: the declaration needs it.',
      },
    });
    expect(post({ gift: '2500', declaration: 'yes', address: '12 Elm St\nWrenfield, MN 56204' })).toMatchObject({
      gift: { declaration: true, address: '12 Elm St\nWrenfield, MN 56204' },
    });
    // Without the declaration box ticked, an address is not kept.
    expect(post({ gift: '2500', address: '12 Elm St' })).toEqual({
      gift: { amount: 2500, frequency: 'once', name: 'Ana Ruiz', email: 'ana@example.com', declaration: false },
    });
  });
});

describe('the donate block’s checks', () => {
  it('finds nothing wrong with its example on a site that takes payments', () => {
    expect(problemsOf(yamlWith())).toEqual([]);
  });

  it('needs the site’s payments section', () => {
    const problems = problemsOf(yamlWith({}, RECEIPTS));
    expect(codes(yamlWith({}, RECEIPTS))).toEqual(['SW_PAYMENTS_MISSING']);
    expect(problems[0]).toContain('add at the top level:');
  });

  it('needs amounts the currency can hold', () => {
    expect(codes(yamlWith({ presets: [25, 10.125] }))).toEqual(['SW_AMOUNT']);
    expect(problemsOf(yamlWith({ presets: [25, 10.125] }))[0]).toContain('10.125 has more digits after the point than USD has.');
    expect(codes(yamlWith({ other: { min: 5, max: 99.999 } }))).toEqual(['SW_AMOUNT']);
  });

  it('needs the smallest other amount at most the largest', () => {
    const problems = problemsOf(yamlWith({ other: { min: 500, max: 50 } }));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('SW_AMOUNT');
    expect(problems[0]).toContain('The smallest gift (500) is above the largest (50).');
  });

  it('needs each suggested amount once', () => {
    const problems = problemsOf(yamlWith({ presets: [25, 50, 25] }));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('SW_NOT_UNIQUE');
    expect(problems[0]).toContain('25 is suggested twice.');
  });

  it('needs its thank-you page to exist and to hold a receipt block', () => {
    const missing = problemsOf(yamlWith({ thankYou: '/thank-you' }));
    expect(missing).toHaveLength(1);
    expect(missing[0]).toContain('SW_RECEIPT_PAGE');
    expect(missing[0]).toContain('Donors come back to /thank-you to see their receipt, but the site has no page there.');
    const bare = '  - path: /thank-you\n    title: Thank you\n    blocks:\n      - type: rich-text\n        markdown: Thanks.\n';
    expect(problemsOf(yamlWith({ thankYou: '/thank-you' }, RECEIPTS + bare + PAYMENTS))[0]).toContain('that page has no receipt block');
    const good = '  - path: /thank-you\n    title: Thank you\n    noindex: true\n    blocks:\n      - type: receipt\n';
    expect(problemsOf(yamlWith({ thankYou: '/thank-you' }, RECEIPTS + good + PAYMENTS))).toEqual([]);
  });

  it('refuses lists of the wrong size, unknown frequencies and a description too long for a card statement', () => {
    expect(codes(yamlWith({ presets: [25] }))).toEqual(['SW_LIST_SIZE']);
    expect(codes(yamlWith({ frequencies: ['once', 'weekly'] }))).toEqual(['SW_NOT_ALLOWED']);
    expect(codes(yamlWith({ frequencies: ['once', 'once'] }))).toEqual(['SW_NOT_UNIQUE']);
    expect(codes(yamlWith({ frequencies: [] }))).toEqual(['SW_LIST_SIZE']);
    expect(codes(yamlWith({ description: 'x'.repeat(81) }))).toEqual(['SW_OUT_OF_RANGE']);
  });

  it('needs a name of its own on its page', () => {
    const yaml = siteWithBlocks(
      stringify([
        { type: 'donate', ...donate.example },
        { type: 'donate', ...donate.example, heading: 'Again' },
      ]),
      RECEIPTS + PAYMENTS,
    );
    expect(codes(yaml)).toEqual(['SW_NOT_UNIQUE', 'SW_NOT_UNIQUE']);
  });
});
