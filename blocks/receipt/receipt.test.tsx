import { describe, expect, it } from 'vitest';
import { BASE_YAML, pageHtml, problemsOf, siteFrom } from '../../tests/helpers/site.tsx';

const site = (blocks: string) =>
  `${BASE_YAML}payments:\n  currency: USD\npages:\n  - path: /\n    title: Home\n    blocks:\n      - type: rich-text\n        markdown: Hello.\n  - path: /payment-success\n    title: Your payment\n    noindex: true\n    blocks:\n${blocks}`;

describe('receipt block', () => {
  it('says there is no receipt when the address names none, rather than showing anyone’s', () => {
    const html = pageHtml(siteFrom(site('      - type: receipt\n')), '/payment-success');
    expect(html).toContain('<h2 id="receipt-heading">No receipt to show</h2>');
    expect(html).toContain('<meta name="robots" content="noindex">');
  });

  it('can be on a page once: a second one is refused at its place', () => {
    const problems = problemsOf(site('      - type: receipt\n      - type: receipt\n'));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('sites/example/site.yaml:27:15  SW_ONE_PER_PAGE');
    expect(problems[0]).toContain('already has a receipt block');
  });
});
