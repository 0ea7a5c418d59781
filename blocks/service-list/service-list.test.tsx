import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { pageHtml, problemsOf, siteFrom, siteWithBlocks } from '../../tests/helpers/site.tsx';
import { serviceList } from './index.tsx';

const SERVICES_PAGE = '  - path: /services\n    title: Services\n    blocks:\n      - type: rich-text\n        markdown: All our services.\n';
const exampleYaml = stringify([{ type: 'service-list', ...serviceList.example }]);

describe('service-list block', () => {
  it('renders the example as a grid of service cards', () => {
    const html = pageHtml(siteFrom(siteWithBlocks(exampleYaml, SERVICES_PAGE)), '/');
    expect(html).toContain('<h2>What we do</h2>');
    expect(html).toContain('<ul class="card-grid service-list-grid">');
    expect(html).toContain('<h3 class="card-title">Emergency visits</h3>');
    expect(html).toContain('<p class="service-price">From $89</p>');
  });

  it('links a service to its page with a label naming it, and hides the icon from screen readers', () => {
    const html = pageHtml(siteFrom(siteWithBlocks(exampleYaml, SERVICES_PAGE)), '/');
    expect(html).toMatch(/<a href="\/example\/services">Learn more about (<!-- -->)?Check-ups and cleaning<\/a>/);
    expect(html).toContain('class="service-icon" viewBox="0 0 24 24"');
    expect(html).toMatch(/<svg class="service-icon"[^>]*aria-hidden="true"/);
    expect(html.match(/Learn more about/g)).toHaveLength(1);
  });

  it('names the built-in icons when an unknown one is asked for', () => {
    const [problem] = problemsOf(siteWithBlocks(exampleYaml.replace('icon: tooth', 'icon: teeth'), SERVICES_PAGE));
    expect(problem).toContain('SW_NOT_ALLOWED');
    expect(problem).toMatch(/did you mean "tooth"\?/i);
  });
});
