import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { blocksHtml } from '../../runtime/render/page.tsx';
import { problemsOf, siteFrom, siteWithBlocks, targetAt } from '../../tests/helpers/site.tsx';
import { tripBuilder } from './index.tsx';
import type { TripBuilderProps } from './schema.ts';
import { TripBuilder, type TripBuilderViewProps } from './TripBuilder.tsx';
import type { TripView } from './view.ts';

const MONEY = `payments:
  currency: USD
  provider: test
`;
const RECEIPTS = `  - path: /payment-success
    title: Thank you
    noindex: true
    blocks:
      - type: receipt
`;
const example: TripBuilderProps = tripBuilder.example;
const moneySite = (blocks: object[]) => siteWithBlocks(stringify(blocks), RECEIPTS) + MONEY;

/** The island as the server renders it for one request. */
const render = (view: TripView | undefined, extra: Partial<TripBuilderViewProps> = {}) =>
  renderToString(
    <TripBuilder
      {...example}
      locale="en-US"
      currency="USD"
      page="/example/trips"
      action="/example/trips"
      token="signed-time"
      testMode
      {...(view ? { view } : {})}
      {...extra}
    />,
  );

const planned: TripView = {
  today: '2026-07-01',
  last: '2026-09-29',
  asked: { wineries: ['hollis-creek', 'silverleaf', 'crestview'], date: '2026-07-03', party: '4', pickup: 'depot', own: false },
  errors: {},
  choices: { date: '2026-07-03', party: 4, pickup: 'depot', wineries: ['crestview', 'silverleaf', 'hollis-creek'] },
  seatsLeft: 10,
};

describe('trip-builder block', () => {
  it('renders the example as a planner: wineries in a fieldset with their hours and fees, the day, and how times are worked out', () => {
    const site = siteFrom(moneySite([{ type: 'trip-builder', ...example }]));
    const html = blocksHtml(site, targetAt(site, '/'), [{ type: 'trip-builder', ...example }], '2026-06-15');
    expect(html).toContain('data-island="trip-builder"');
    expect(html).toContain('<form class="trip-planner" action="/example#trip-valley-van-plan" method="get">');
    expect(html).toContain('<legend>Wineries: choose 2 to 4<span class="field-required"> (required)</span></legend>');
    expect(html).toContain('name="winery-silverleaf" value="on"/><label for="trip-valley-van-winery-silverleaf">Silverleaf Cellars</label>');
    expect(html).toContain('Open Wed–Sun 11:00 AM–5:00 PM; closed Mon, Tue. Tasting $30 a guest.');
    expect(html).toContain('<legend>Your day</legend>');
    expect(html).toContain('The van runs Wednesday–Sunday, leaving at 10:00 AM.');
    expect(html).toContain('<label for="trip-valley-van-pickup">Pickup point</label>');
    expect(html).toContain('multiply it by 1.3 because roads wind, and divide it by an average speed of 60 km/h');
    expect(html).not.toContain('trip-plan-heading');
    expect(html).not.toContain('method="post"');
  });

  it('shows a plan: each stop with its drive, times and fee, buttons that send the new order, the price and the booking form', () => {
    const html = render(planned);
    expect(html).toContain('<h3 id="trip-valley-van-plan-heading">Your day: Friday, July 3, 2026</h3>');
    expect(html).toContain('4 guests. The van leaves Vine Trails office at 10:00 AM');
    expect(html).toContain('All times are PDT (America/Los_Angeles).');
    expect(html).toContain('10 of the van’s 14 seats are free that day.');
    expect(html).toMatch(/<h4>1\. Crestview Estate<\/h4><p class="trip-times">Arrive 10:11 AM, tasting 11:00 AM to 12:00 PM\./);
    expect(html).toContain('Crestview Estate opens at 11:00 AM: the tasting starts then, after a wait of 49 min.');
    expect(html).toContain('<h4>2. Silverleaf Cellars</h4>');
    expect(html).toContain('<h4>3. Hollis Creek Vineyards</h4>');
    expect(html).toContain('id="trip-valley-van-silverleaf-up" value="silverleaf,crestview,hollis-creek" name="wineries"');
    expect(html).toContain('id="trip-valley-van-crestview-up" value="crestview,silverleaf,hollis-creek" disabled=""');
    expect(html).toContain('Move down<span class="visually-hidden"> Silverleaf Cellars</span>');
    expect(html).toContain('<input type="hidden" name="order" value="own"/>');
    expect(html).toContain('<p class="visually-hidden" role="status"></p>');
    // $119 × 4 + ($35 + $30 + $25) × 4 = $836; 30% deposit.
    expect(html).toContain('<th scope="row">Tour with driver-guide</th><td>$119</td><td>$476</td>');
    expect(html).toContain('<th scope="row">Tasting at Crestview Estate</th><td>$35</td><td>$140</td>');
    expect(html).toMatch(/Total<\/th><td>\$836<\/td>/);
    expect(html).toMatch(/Deposit to book \(30%\)<\/th><td>\$250\.80<\/td>/);
    expect(html).toMatch(/To pay on the day<\/th><td>\$585\.20<\/td>/);
    expect(html).toContain('<form class="trip-book" aria-labelledby="trip-valley-van-book-heading" action="/example/trips" method="post">');
    expect(html).toContain('<input type="hidden" name="wineries" value="crestview,silverleaf,hollis-creek"/>');
    expect(html).toContain('<input type="hidden" name="_t" value="signed-time"/>');
    expect(html).toContain('<strong>Test mode.</strong>');
    expect(html).toContain('Pay a deposit of $250.80 now to hold your seats; the remaining $585.20 is paid on the day.');
    expect(html).toContain('<button type="submit" class="button">Book this trip</button>');
  });

  it('warns of a winery closed that day and offers no booking for that plan', () => {
    const monday: TripView = { ...planned, choices: { ...planned.choices!, date: '2026-07-06', wineries: ['silverleaf', 'hollis-creek'] } };
    // The van runs on Mondays in this variant; Silverleaf does not open.
    const html = render(monday, { van: { ...example.van, days: [...example.van.days, 'monday'] } });
    expect(html).toContain('<li class="trip-warning"><strong>Warning: </strong>Silverleaf Cellars is closed on Mondays.</li>');
    expect(html).toContain('This plan cannot be booked.');
    expect(html).not.toContain('method="post"');
  });

  it('shows each message beside its field, listed at the top with a link to the field, and keeps the answers', () => {
    const html = render({
      today: '2026-07-01',
      last: '2026-09-29',
      asked: { wineries: ['crestview'], date: '2026-07-02', party: '4', pickup: 'depot', own: false },
      errors: { wineries: 'Please choose at least 2 wineries (you chose 1).', date: 'Trips are booked at least a day before the van leaves.' },
    });
    expect(html).toContain('<div class="form-errors" role="alert" tabindex="-1"');
    expect(html).toContain('<a href="#trip-valley-van-wineries">Please choose at least 2 wineries (you chose 1).</a>');
    expect(html).toContain('id="trip-valley-van-wineries" aria-describedby="trip-valley-van-wineries-error"');
    expect(html).toContain('<p id="trip-valley-van-wineries-error" class="field-error">Please choose at least 2 wineries (you chose 1).</p>');
    expect(html).toContain('aria-describedby="trip-valley-van-date-help trip-valley-van-date-error" aria-invalid="true"');
    expect(html).toContain('name="winery-crestview" checked="" value="on"');
    expect(html).toContain('value="2026-07-02"');
    expect(html).not.toContain('trip-plan-heading');
  });

  it('shows a booked trip through its link, and says so when a link names none', () => {
    const booked = render({
      today: '2026-07-01',
      last: '2026-09-29',
      errors: {},
      booked: { date: 'Friday, July 3, 2026', party: 4, status: 'confirmed', pickup: 'Vine Trails office', itinerary: ['10:00 AM: leave Vine Trails office'] },
    });
    expect(booked).toContain('Your trip on Friday, July 3, 2026');
    expect(booked).toContain('<strong>Confirmed</strong>');
    expect(booked).toContain('<li>10:00 AM: leave Vine Trails office</li>');
    expect(booked).not.toContain('trip-planner');
    expect(render({ today: '2026-07-01', last: '2026-09-29', errors: {}, unknownBooking: true })).toContain('This link does not name a trip.');
  });
});

describe('trip-builder checks', () => {
  const siteWith = (change: Record<string, unknown>) => moneySite([{ type: 'trip-builder', ...example, ...change }]);

  it('finds nothing wrong with the example', () => {
    expect(problemsOf(siteWith({}))).toEqual([]);
  });

  it('wants exactly one kind of deposit, groups that fit the van, and stops the list can fill', () => {
    expect(problemsOf(siteWith({ price: { perPerson: 119, deposit: { perPerson: 40, percent: 30 } } })).join('\n')).toContain(
      'The deposit is given both per guest and as a percent.',
    );
    expect(problemsOf(siteWith({ price: { perPerson: 119, deposit: {} } })).join('\n')).toContain(
      'The deposit says neither how much per guest nor what percent.',
    );
    expect(problemsOf(siteWith({ party: { min: 1, max: 20 } })).join('\n')).toContain('A group of 20 could never fit: the van has 14 seats a day.');
    expect(problemsOf(siteWith({ minStops: 4, maxStops: 4 })).join('\n')).toContain('A trip visits at least 4 wineries, but only 3 are listed.');
    expect(problemsOf(siteWith({ minStops: 3, maxStops: 2 })).join('\n')).toContain('A trip would visit at least 3 wineries but at most 2.');
    expect(problemsOf(siteWith({ price: { perPerson: 119.999, deposit: { percent: 30 } } })).join('\n')).toContain('SW_AMOUNT');
  });

  it('points at a time zone that is not one, hours that end before they start, a day written twice and a slug used twice', () => {
    expect(problemsOf(siteWith({ van: { ...example.van, timeZone: 'America/Los_Angles' } })).join('\n')).toMatch(
      /SW_BAD_FORMAT[\s\S]*"America\/Los_Angles" is not a time zone[\s\S]*Did you mean "America\/Los_Angeles"\?/,
    );
    const [first, second, third] = example.wineries as [
      TripBuilderProps['wineries'][number],
      TripBuilderProps['wineries'][number],
      TripBuilderProps['wineries'][number],
    ];
    const wrongHours = {
      ...first,
      hours: [
        { days: ['monday', 'tuesday'], opens: '17:00', closes: '10:00' },
        { days: ['tuesday'], opens: '10:00', closes: '12:00' },
      ],
    };
    const text = problemsOf(siteWith({ wineries: [wrongHours, second, { ...third, slug: second.slug }] })).join('\n');
    expect(text).toContain('Hollis Creek Vineyards would close at 10:00, before it opens at 17:00.');
    expect(text).toContain('Hollis Creek Vineyards has two sets of hours on tuesday.');
    expect(text).toContain('Two wineries have the slug "silverleaf".');
  });
});
