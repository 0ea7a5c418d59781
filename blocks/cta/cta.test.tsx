import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { pageHtml, problemsOf, siteFrom, siteWithBlocks } from '../../tests/helpers/site.tsx';
import { cta } from './index.tsx';

const CONTACT = '  - path: /contact\n    title: Contact\n    blocks:\n      - type: rich-text\n        markdown: Call us.\n';
const yamlOf = (props: object) => stringify([{ type: 'cta', ...cta.example, ...props }]);

describe('cta block', () => {
  it('renders the example as a brand band with a button and a phone link', () => {
    const html = pageHtml(siteFrom(siteWithBlocks(yamlOf({}), CONTACT)), '/');
    expect(html).toContain('<div class="cta-panel cta-brand">');
    expect(html).toContain('<h2 class="cta-heading">New patients welcome</h2>');
    expect(html).toContain('<a class="button button-primary" href="/example/contact">Book a visit</a>');
    expect(html).toMatch(/<a class="cta-phone" href="tel:5555550142">Call (<!-- -->)?\(555\) 555-0142<\/a>/);
  });

  it('takes its colours from the style', () => {
    const html = pageHtml(siteFrom(siteWithBlocks(yamlOf({ style: 'surface' }), CONTACT)), '/');
    expect(html).toContain('cta-panel cta-surface');
    expect(html).not.toContain('cta-brand');
  });

  it('needs a button or a phone number', () => {
    const { actions: _a, phone: _p, ...rest } = cta.example;
    const [problem] = problemsOf(siteWithBlocks(stringify([{ type: 'cta', ...rest }])));
    expect(problem).toContain('SW_MISSING_KEY');
    expect(problem).toContain('neither "actions" nor "phone"');
  });

  it('allows at most two buttons', () => {
    const three = [1, 2, 3].map((n) => ({ label: `Button ${n}`, href: '/contact' }));
    const [problem] = problemsOf(siteWithBlocks(yamlOf({ actions: three }), CONTACT));
    expect(problem).toContain('SW_LIST_SIZE');
  });
});
