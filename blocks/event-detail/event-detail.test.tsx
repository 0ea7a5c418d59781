import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { pageHtml, siteFrom, siteWithBlocks } from '../../tests/helpers/site.tsx';
import { TOWN } from '../event-list/events.fixture.ts';
import { eventDetail } from './index.tsx';

const HOME = '- type: rich-text\n  markdown: Home.';
const withExample = TOWN.replace(
  '    from: events\n',
  `    from: events\n    blocks:\n${stringify([{ type: 'event-detail', ...eventDetail.example }]).replace(/^(?=.)/gm, '      ')}`,
);
const site = siteFrom(siteWithBlocks(HOME, withExample));
const plain = siteFrom(siteWithBlocks(HOME, TOWN));

describe('event-detail block', () => {
  it('renders the example: heading, day, time range, place, host, text and back link', () => {
    const html = pageHtml(site, '/events/summer-fair');
    expect(html).toContain('<h1>Summer fair</h1>');
    expect(html).toContain('<time dateTime="2026-07-04">Saturday, July 4, 2026</time>');
    expect(html).toMatch(/<time dateTime="2026-07-04T10:00">10:00\sAM<\/time>/);
    expect(html).toContain('<span>Town green</span>');
    expect(html).toContain('Hosted by <a href="/example/organizations/millbrook-library">Millbrook Library</a>');
    expect(html).toContain('<p class="lede">Games, books and food on the green.</p>');
    expect(html).toContain('<p>Bring the whole family.</p>');
    expect(html).toContain('href="/example/events"><span aria-hidden="true">← </span>All events</a>');
    expect(html).not.toContain('class="notice"');
  });

  it('says an event has passed once its day is over, and not on the day itself', () => {
    expect(pageHtml(site, '/events/spring-cleanup')).toContain('<p class="notice">This event has passed. See what is coming up next on the events page.</p>');
    expect(pageHtml(site, '/events/story-hour')).not.toContain('class="notice"');
    expect(pageHtml(site, '/events/story-hour', {}, '2026-06-16')).toContain('class="notice"');
  });

  it('is the default block of an event page', () => {
    const html = pageHtml(plain, '/events/winter-market');
    expect(html).toContain('<h1>Winter market</h1>');
    expect(html).toContain('<p class="notice">This event has passed.</p>');
    expect(html).not.toContain('Hosted by');
    expect(html).toContain('href="/example/events"><span aria-hidden="true">← </span>Back to Events</a>');
  });
});
