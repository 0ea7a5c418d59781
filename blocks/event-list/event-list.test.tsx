import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { pageHtml, renderBlocks, siteFrom, siteWithBlocks } from '../../tests/helpers/site.tsx';
import { TOWN } from './events.fixture.ts';
import { eventList } from './index.tsx';

const site = siteFrom(siteWithBlocks(stringify([{ type: 'event-list', ...eventList.example }]), TOWN));
const titles = (html: string) => [...html.matchAll(/<a href="\/example\/events\/[^"]+">([^<]+)<\/a>/g)].map((m) => m[1]);

describe('event-list block', () => {
  it('renders the example: date badge, title link, time range and place', () => {
    const html = pageHtml(site, '/');
    expect(html).toContain('<h2>Coming up</h2>');
    expect(html).toContain(
      '<time class="date-badge" dateTime="2026-06-20"><span class="date-badge-month">Jun</span><span class="date-badge-day">20</span></time>',
    );
    expect(html).toContain('<h3 class="card-title"><a href="/example/events/book-club">Book club</a></h3>');
    expect(html).toMatch(/<time dateTime="2026-07-04T10:00">10:00\sAM<\/time> – <time dateTime="2026-07-04T16:00">4:00\sPM<\/time>/);
    expect(html).toContain('<span>Town green</span>');
    expect(html).toContain('<a href="/example/events">All events</a>');
  });

  it('splits events at today: upcoming soonest first, past newest first', () => {
    expect(titles(renderBlocks(site, [{ type: 'event-list', collection: 'events' }]))).toEqual(['Story hour', 'Book club', 'Summer fair']);
    const past = renderBlocks(site, [{ type: 'event-list', collection: 'events', when: 'past', limit: 2 }]);
    expect(titles(past)).toEqual(['Spring cleanup', 'Winter market']);
    expect(past).toContain('<span class="date-badge-year">2025</span>');
    expect(titles(renderBlocks(site, [{ type: 'event-list', collection: 'events' }], '/', '2026-06-16'))).toEqual(['Book club', 'Summer fair']);
  });

  it('lists only the events of the organisation a page is about', () => {
    const html = pageHtml(site, '/organizations/millbrook-library/events');
    expect(titles(html)).toEqual(['Story hour', 'Book club', 'Summer fair']);
    expect(titles(pageHtml(site, '/organizations/rotary-club/events'))).toEqual(['Spring cleanup']);
  });

  it('says so when nothing is coming up', () => {
    const html = renderBlocks(site, [{ type: 'event-list' }], '/', '2027-01-01');
    expect(html).toContain('No events are planned at the moment.');
  });
});
