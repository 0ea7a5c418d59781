import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { pageHtml, problemsOf, siteFrom, siteWithBlocks } from '../../tests/helpers/site.tsx';
import { faq } from './index.tsx';

const CONTACT = '  - path: /contact\n    title: Contact\n    blocks:\n      - type: rich-text\n        markdown: Call us.\n';
const yamlOf = (props: object) => stringify([{ type: 'faq', ...faq.example, ...props }]);

describe('faq block', () => {
  it('renders each question as a closed disclosure, with no script', () => {
    const html = pageHtml(siteFrom(siteWithBlocks(yamlOf({}), CONTACT)), '/');
    expect(html).toContain('<details class="faq-item"><summary class="faq-question">Do you take new patients?</summary>');
    expect(html).toContain('<a href="/example/contact">Book online</a>');
    expect(html).toContain('<li>a broken or knocked-out tooth</li>');
    expect(html).not.toContain('<details class="faq-item" open');
    expect(html).not.toMatch(/<script(?! type="application\/ld\+json")/);
  });

  it('shows every answer open when asked, and keeps the answer Markdown safe', () => {
    const items = [{ question: 'Is it safe?', answer: 'Yes. <script>alert(1)</script>' }];
    const html = pageHtml(siteFrom(siteWithBlocks(yamlOf({ open: true, items }))), '/');
    expect(html).toContain('<details class="faq-item" open="">');
    expect(html).not.toContain('<script>alert');
  });

  it("adds an FAQPage with every question and its answer as the text visitors read (markup shown as written) to the page's JSON-LD", () => {
    const items = [{ question: 'Do you open on Sundays?', answer: 'Only for **emergencies**: <b>call</b> [us](/contact).' }];
    const html = pageHtml(siteFrom(siteWithBlocks(yamlOf({ items }), CONTACT)), '/');
    const graph = (
      JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}') as { '@graph': { '@type': string; mainEntity?: unknown }[] }
    )['@graph'];
    expect(graph.find((n) => n['@type'] === 'FAQPage')?.mainEntity).toEqual([
      { '@type': 'Question', name: 'Do you open on Sundays?', acceptedAnswer: { '@type': 'Answer', text: 'Only for emergencies: <b>call</b> us.' } },
    ]);
  });

  it('gives a default heading', () => {
    const { heading: _h, ...rest } = faq.example;
    const html = pageHtml(siteFrom(siteWithBlocks(stringify([{ type: 'faq', ...rest }]), CONTACT)), '/');
    expect(html).toContain('<h2>Frequently asked questions</h2>');
  });

  it('points at a question with no answer', () => {
    const [problem] = problemsOf(siteWithBlocks(yamlOf({ items: [{ question: 'Do you open on Sundays?' }] })));
    expect(problem).toContain('SW_MISSING_KEY');
    expect(problem).toContain('"answer"');
  });
});
