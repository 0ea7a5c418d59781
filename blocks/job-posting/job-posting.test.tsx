import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { pageHtml, siteFrom, siteWithBlocks } from '../../tests/helpers/site.tsx';
import { JOBS } from '../job-list/jobs.fixture.ts';
import { jobPosting } from './index.tsx';

const careers = `  - path: /careers
    title: Careers
    blocks:
      - type: job-list
        collection: jobs
`;
const withBlocks = JOBS.replace(
  '    from: jobs\n',
  `    from: jobs\n    blocks:\n${stringify([{ type: 'job-posting', ...jobPosting.example }]).replace(/^(?=.)/gm, '      ')}`,
);
const site = siteFrom(siteWithBlocks('- type: rich-text\n  markdown: Home.', careers + withBlocks));
const plain = siteFrom(siteWithBlocks('- type: rich-text\n  markdown: Home.', careers + JOBS));

describe('job-posting block', () => {
  it('renders the example: heading, facts, description and apply button', () => {
    const html = pageHtml(site, '/careers/pest-control-technician');
    expect(html).toContain('<h1>Pest control technician</h1>');
    expect(html).toContain('<dt>Employment</dt><dd>Full-time</dd>');
    expect(html).toContain('<dt>Salary</dt><dd>$22–28 an hour</dd>');
    expect(html).toContain('<dt>Posted</dt><dd><time dateTime="2026-05-01">May 1, 2026</time></dd>');
    expect(html).toContain('<dt>Apply by</dt><dd><time dateTime="2026-07-01">July 1, 2026</time></dd>');
    expect(html).toContain('<p>Treat homes across Lake County.</p>');
    expect(html).toContain('<a class="button" href="mailto:jobs@example.com">Apply now</a>');
    expect(html).not.toContain('class="notice"');
    expect(html).toContain('href="/example/careers"><span aria-hidden="true">← </span>All open positions</a>');
  });

  it('says the job has closed, and offers no apply button, once the closing date has passed', () => {
    const html = pageHtml(site, '/careers/pest-control-technician', {}, '2026-07-02');
    expect(html).toContain('<p class="notice">Applications closed on July 1, 2026. Thank you to everyone who applied.</p>');
    expect(html).toContain('<dt>Closed</dt>');
    expect(html).not.toContain('mailto:jobs@example.com');
  });

  it('is the default block of a job page, linking back to the page above it', () => {
    const html = pageHtml(plain, '/careers/office-coordinator');
    expect(html).toContain('<h1>Office coordinator</h1>');
    expect(html).toContain('<p class="notice">Applications for this job closed on June 1, 2026.</p>');
    expect(html).toContain('href="/example/careers"><span aria-hidden="true">← </span>Back to Careers</a>');
  });
});
