import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { renderPage } from '../../runtime/render/page.tsx';
import { BASE_YAML, problemsOf, siteFrom, targetAt } from '../../tests/helpers/site.tsx';
import { booking } from '../booking/index.tsx';
import { timetable } from './index.tsx';
import { bookingsIn, type Session, type TimetableLoaded } from './week.ts';

const classes = {
  ...booking.example,
  resource: 'classes',
  choose: 'Choose a class',
  choices: [
    { resource: 'barbell', label: 'Barbell' },
    { resource: 'yoga', label: 'Yoga', durationMinutes: 45, capacity: 2 },
  ],
  capacity: 12,
  party: { min: 1, max: 2 },
  price: { perPerson: 20 },
};

/** A site with the timetable on its home page and the booking block on /classes/book. */
const yamlWith = (props: object) =>
  `${BASE_YAML}payments:\n  currency: USD\n  provider: test\npages:\n${stringify([
    { path: '/', title: 'Home', blocks: [{ type: 'timetable', ...timetable.example, ...props }] },
    { path: '/classes/book', title: 'Book a class', blocks: [{ type: 'booking', ...classes }] },
    { path: '/payment-success', title: 'Thank you', noindex: true, blocks: [{ type: 'receipt' }] },
  ])
    .replace(/^/gm, '  ')
    .trimEnd()}\n`;

const session = (over: Partial<Session>): Session => ({
  choice: 'barbell',
  label: 'Barbell',
  slot: '2026-06-15T18:00',
  time: '18:00',
  startUtc: '2026-06-16T01:00:00.000Z',
  minutes: 60,
  left: 5,
  wholeRoom: false,
  status: 'open',
  ...over,
});

const LOADED: TimetableLoaded = {
  timeZone: 'America/Los_Angeles',
  today: '2026-06-15',
  days: [
    {
      date: '2026-06-15',
      closed: false,
      sessions: [
        session({ slot: '2026-06-15T06:00', time: '06:00', startUtc: '2026-06-15T13:00:00.000Z', status: 'finished', left: 0 }),
        session({}),
        session({
          choice: 'yoga',
          label: 'Yoga',
          slot: '2026-06-15T19:00',
          time: '19:00',
          startUtc: '2026-06-16T02:00:00.000Z',
          minutes: 45,
          left: 0,
          status: 'full',
        }),
        session({ choice: 'yoga', label: 'Yoga', slot: '2026-06-15T20:00', time: '20:00', startUtc: '2026-06-16T03:00:00.000Z', minutes: 45, left: 1 }),
      ],
    },
    { date: '2026-06-16', closed: true, sessions: [] },
    { date: '2026-06-17', closed: false, sessions: [] },
  ],
};

const render = (yaml: string, loaded?: TimetableLoaded) => {
  const site = siteFrom(yaml);
  return renderPage(site, targetAt(site, '/'), {
    origin: 'https://sites.example.com',
    assets: { stylesheet: '/s.css' },
    today: '2026-06-15',
    visitor: { token: 't', loaded: loaded ? { timetable: loaded } : {} },
  }).html;
};

describe('timetable block', () => {
  it('shows each day as a heading and a list, each session with its time, length and places left, linked to its time on the booking page', () => {
    const html = render(yamlWith({}), LOADED);
    expect(html).toContain('<h2 id="timetable-classes-heading">This week’s classes</h2>');
    expect(html).toContain('<ol class="timetable-days timetable-week" role="list"><li class="timetable-day" aria-current="date">');
    expect(html).toContain('<h3 id="timetable-classes-2026-06-15"><time dateTime="2026-06-15"><span class="timetable-weekday">Monday,</span>');
    expect(html).toContain('<ul class="timetable-sessions" role="list" aria-labelledby="timetable-classes-2026-06-15">');
    expect(html).toContain(
      '<a class="timetable-card" href="/example/classes/book?choice=barbell&amp;slot=2026-06-15T18:00#classes"><time class="timetable-time" dateTime="2026-06-15T18:00-07:00">6:00 PM</time> <span class="timetable-class">Barbell</span> <time class="timetable-length" dateTime="PT60M">60 min</time> <span class="timetable-left">5 places left</span></a>',
    );
    expect(html).toContain('<span class="timetable-left">1 place left</span>');
    expect(html).toContain('<a href="/example/classes/book#classes">Book further ahead</a>');
  });

  it('shows a full class and one that is over without a link, and says why a day has none', () => {
    const html = render(yamlWith({}), LOADED);
    expect(html).toContain(
      '<li class="timetable-session timetable-full"><div class="timetable-card"><time class="timetable-time" dateTime="2026-06-15T19:00-07:00">7:00 PM</time> <span class="timetable-class">Yoga</span> <time class="timetable-length" dateTime="PT45M">45 min</time> <span class="timetable-left">Full</span></div></li>',
    );
    expect(html).toContain('<span class="timetable-left">Finished</span></div>');
    expect(html).not.toContain('slot=2026-06-15T06:00');
    expect(html).not.toContain('slot=2026-06-15T19:00');
    expect(html).toMatch(/id="timetable-classes-2026-06-16">.*?<p class="timetable-none">Closed<\/p>/);
    expect(html).toMatch(/id="timetable-classes-2026-06-17">.*?<p class="timetable-none">Nothing to book<\/p>/);
  });

  it('says "Available" for a whole room, and lays more than a week out in rows', () => {
    const room = { ...LOADED, days: [{ date: '2026-06-15', closed: false, sessions: [session({ wholeRoom: true, left: 1 })] }] };
    expect(render(yamlWith({}), room)).toContain('<span class="timetable-left">Available</span>');
    const fortnight = { ...LOADED, days: Array.from({ length: 8 }, (_, i) => ({ date: `2026-06-${15 + i}`, closed: false, sessions: [] })) };
    expect(render(yamlWith({ days: 8 }), fortnight)).toContain('<ol class="timetable-days" role="list">');
  });

  it('points to the booking page when the week could not be read', () => {
    const html = render(yamlWith({}));
    expect(html).toContain('<p>The times of the week cannot be shown at the moment.</p>');
    expect(html).toContain('<a href="/example/classes/book#classes">See the times and book</a>');
  });

  it('finds the site’s booking blocks and the pages that hold them', () => {
    const site = siteFrom(yamlWith({}));
    expect(bookingsIn(site.data).map((b) => [b.block.resource, b.path])).toEqual([['classes', '/classes/book']]);
  });

  it('refuses a booking: that names no booking block, a choice of one, or one on no page of its own', () => {
    const [typo] = problemsOf(yamlWith({ booking: 'clases' }));
    expect(typo).toContain('SW_NOT_ALLOWED');
    expect(typo).toContain('No booking block of this site has "resource: clases".');
    expect(typo).toContain(`Fix: write the resource of one of the site's booking blocks: classes. Did you mean "classes"?`);
    expect(typo).toMatch(/booking: clases\n\s+\|\s+\^{6}/);

    const [choice] = problemsOf(yamlWith({ booking: 'yoga' }));
    expect(choice).toContain('"yoga" is one of the choices of the booking block "classes"');
    expect(choice).toContain('Fix: write "booking: classes".');

    const alone = `${BASE_YAML}pages:\n  - path: /\n    title: Home\n    blocks:\n      - type: timetable\n        booking: classes\n`;
    expect(problemsOf(alone).join('\n')).toContain('Fix: add a booking block to a page of the site');

    expect(timetable.check?.(timetable.example, { pages: [{ path: '/classes/{slug}', blocks: [{ type: 'booking', ...classes }] }] })).toEqual([
      expect.objectContaining({ code: 'SW_BAD_PATH' }),
    ]);
    expect(timetable.check?.(timetable.example, { pages: [{ path: '/book', blocks: [{ type: 'booking', ...classes }] }] })).toEqual([]);
  });
});
