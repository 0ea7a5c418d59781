import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { pageHtml, renderBlocks, siteFrom, siteWithBlocks } from '../../tests/helpers/site.tsx';
import { JOBS } from './jobs.fixture.ts';
import { jobList } from './index.tsx';

const site = siteFrom(siteWithBlocks(stringify([{ type: 'job-list', ...jobList.example }]), JOBS));

describe('job-list block', () => {
  it('renders the example: open jobs with title link, location, kind of employment and pay', () => {
    const html = pageHtml(site, '/');
    expect(html).toContain('<h2>Open positions</h2>');
    expect(html).toContain('<h3 class="card-title"><a href="/example/careers/pest-control-technician">Pest control technician</a></h3>');
    expect(html).toContain('<span>Millbrook</span><span>Full-time</span><span>$22–28 an hour</span>');
    expect(html).toContain('Apply by <time dateTime="2026-07-01">July 1, 2026</time>');
    expect(html).toContain('<span>Seasonal</span>');
  });

  it('hides jobs whose closing date is before today, newest posted first', () => {
    const html = renderBlocks(site, [{ type: 'job-list', collection: 'jobs' }], '/', '2026-06-15');
    expect(html).not.toContain('Office coordinator');
    expect(html.indexOf('Seasonal helper')).toBeLessThan(html.indexOf('Pest control technician'));
    expect(renderBlocks(site, [{ type: 'job-list', collection: 'jobs' }], '/', '2026-07-01')).toContain('Pest control technician');
    expect(renderBlocks(site, [{ type: 'job-list', collection: 'jobs' }], '/', '2026-07-02')).not.toContain('Pest control technician');
  });

  it('says so when nothing is open', () => {
    const html = renderBlocks(site, [{ type: 'job-list', collection: 'empty' }]);
    expect(html).toContain('There are no open positions at the moment.');
  });
});
