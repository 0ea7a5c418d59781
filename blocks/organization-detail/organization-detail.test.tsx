import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { pageHtml, siteFrom, siteWithBlocks } from '../../tests/helpers/site.tsx';
import { TOWN } from '../event-list/events.fixture.ts';
import { organizationDetail } from './index.tsx';

const HOME = '- type: rich-text\n  markdown: Home.';
const page = `    from: organizations\n    blocks:\n${stringify([{ type: 'organization-detail', ...organizationDetail.example }]).replace(/^(?=.)/gm, '      ')}`;
const site = siteFrom(
  siteWithBlocks(HOME, TOWN.replace('  - path: /organizations/{slug}\n    from: organizations\n', `  - path: /organizations/{slug}\n${page}`)),
);
const plain = siteFrom(siteWithBlocks(HOME, TOWN));

describe('organization-detail block', () => {
  it('renders the example: heading, summary, its pages, text and contact lines', () => {
    const html = pageHtml(site, '/organizations/millbrook-library');
    expect(html).toContain('<h1>Millbrook Library</h1>');
    expect(html).toContain('<p class="lede">Books, classes and a warm place to read.</p>');
    expect(html).toContain(
      '<nav class="org-pages" aria-label="More from Millbrook Library"><ul><li><a class="button button-secondary" href="/example/organizations/millbrook-library/events">Events</a></li></ul></nav>',
    );
    expect(html).toContain('<p>Open six days a week.</p>');
    expect(html).toContain('<h2>Visit or get in touch</h2>');
    expect(html).toContain('Website: <a href="https://www.millbrooklibrary.example.org/">millbrooklibrary.example.org</a>');
    expect(html).toContain('href="/example/organizations"><span aria-hidden="true">← </span>All organisations</a>');
  });

  it('is the default block of an organisation page, and leaves out what the organisation lacks', () => {
    const html = pageHtml(plain, '/organizations/rotary-club');
    expect(html).toContain('<h1>Rotary Club</h1>');
    expect(html).toContain('<h2>Contact</h2>');
    expect(html).toContain('E-mail: <a href="mailto:hello@rotary.example.org">');
    expect(html).not.toContain('Phone:');
    expect(html).toContain('href="/example/organizations"><span aria-hidden="true">← </span>Back to Organisations</a>');
  });
});
