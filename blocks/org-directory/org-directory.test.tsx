import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { pageHtml, renderBlocks, siteFrom, siteWithBlocks } from '../../tests/helpers/site.tsx';
import { TOWN } from '../event-list/events.fixture.ts';
import { orgDirectory } from './index.tsx';

const site = siteFrom(siteWithBlocks(stringify([{ type: 'org-directory', ...orgDirectory.example }]), TOWN));

describe('org-directory block', () => {
  it('renders the example: each organisation with its summary, contact lines and pages', () => {
    const html = pageHtml(site, '/');
    expect(html).toContain('<h2>Clubs and organisations</h2>');
    expect(html).toContain('<h3 class="card-title"><a href="/example/organizations/millbrook-library">Millbrook Library</a></h3>');
    expect(html).toContain('<p>Books, classes and a warm place to read.</p>');
    expect(html).toContain('<a href="tel:5555550188">(555) 555-0188</a>');
    expect(html).toContain('<a href="mailto:hello@rotary.example.org">hello@rotary.example.org</a>');
    expect(html).toContain('<a href="/example/organizations/rotary-club/events" aria-label="Events: Rotary Club">Events</a>');
  });

  it('sorts by name, and links only the pages the site has', () => {
    const html = renderBlocks(site, [{ type: 'org-directory', collection: 'organizations' }]);
    expect(html.indexOf('Millbrook Library')).toBeLessThan(html.indexOf('Rotary Club'));
    expect(html).not.toContain('>News<');
    expect(html).not.toContain('millbrooklibrary');

    const bare = siteFrom(
      siteWithBlocks(
        stringify([{ type: 'org-directory', collection: 'organizations', sort: 'as-written' }]),
        TOWN.replace(/ {2}- path: \/organizations[\s\S]*?(?=collections:)/, ''),
      ),
    );
    const unlinked = pageHtml(bare, '/');
    expect(unlinked).toContain('<h2 class="card-title">Rotary Club</h2>');
    expect(unlinked.indexOf('Rotary Club')).toBeLessThan(unlinked.indexOf('Millbrook Library'));
    expect(unlinked).not.toContain('org-card-links');
  });
});
