import type { MouseEvent } from 'react';
import { formatMoney } from '../../runtime/payments/money.ts';
import { moved, type PlannedStop, type TripPlan } from './plan.ts';
import type { TripBuilderProps } from './schema.ts';
import { clockAt, dateText, isWarning, legText, noteText, zoneAt } from './words.ts';

export interface PlanViewProps {
  id: string;
  props: TripBuilderProps;
  plan: TripPlan;
  page: string;
  locale: string;
  currency: string;
  seatsLeft?: number;
  /** What the live region says after a stop moved. */
  said: string;
  /** Moves a stop in the browser; without JavaScript the button sends the planner the new order instead. */
  onMove?: (slug: string, by: -1 | 1) => void;
}

/** One stop of the day: the drive to it, its times and fee, its warnings, and the buttons that move it. */
function StopItem({
  id,
  plan,
  index: i,
  stop,
  zone,
  locale,
  currency,
  onMove,
}: {
  id: string;
  plan: TripPlan;
  index: number;
  stop: PlannedStop;
  zone: string;
  locale: string;
  currency: string;
  onMove?: PlanViewProps['onMove'];
}) {
  const at = (ms: number) => clockAt(ms, zone, locale);
  const money = (minor: number) => formatMoney(minor, currency, locale);
  const order = plan.stops.map((s) => s.winery.slug);
  const slug = stop.winery.slug;
  const press = (by: -1 | 1) => (event: MouseEvent<HTMLButtonElement>) => {
    if (!onMove) return;
    event.preventDefault();
    onMove(slug, by);
  };
  return (
    <li className="trip-stop">
      <p className="trip-drive">{`Drive ${legText(stop.leg)} from ${i === 0 ? plan.pickup.name : (plan.stops[i - 1]?.winery.name ?? '')}.`}</p>
      <h4>{`${i + 1}. ${stop.winery.name}`}</h4>
      <p className="trip-times">
        {stop.start > stop.arrive
          ? `Arrive ${at(stop.arrive)}, tasting ${at(stop.start)} to ${at(stop.leave)}.`
          : `Arrive ${at(stop.arrive)}, leave ${at(stop.leave)}.`}
        {` Tasting ${money(plan.price.tastings[i]?.each ?? 0)} a guest.`}
      </p>
      {stop.notes.length ? (
        <ul className="trip-notes">
          {stop.notes.map((note) => (
            <li key={note.kind} className={isWarning(note) ? 'trip-warning' : 'trip-info'}>
              {isWarning(note) ? <strong>Warning: </strong> : null}
              {noteText(note, stop.winery, zone, locale)}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="trip-move">
        <button
          type="submit"
          className="button button-secondary"
          id={`${id}-${slug}-up`}
          name="wineries"
          value={moved(order, i, -1).join(',')}
          disabled={i === 0}
          onClick={press(-1)}
        >
          Move up<span className="visually-hidden">{` ${stop.winery.name}`}</span>
        </button>
        <button
          type="submit"
          className="button button-secondary"
          id={`${id}-${slug}-down`}
          name="wineries"
          value={moved(order, i, 1).join(',')}
          disabled={i === plan.stops.length - 1}
          onClick={press(1)}
        >
          Move down<span className="visually-hidden">{` ${stop.winery.name}`}</span>
        </button>
      </div>
    </li>
  );
}

/** The price of the day: the tour and each tasting for every guest, the total, the deposit and what is left to pay. */
function PriceTable({ plan, guests, deposit, money }: { plan: TripPlan; guests: string; deposit: string; money: (minor: number) => string }) {
  return (
    <table className="trip-price">
      <caption>{`Price for ${guests}`}</caption>
      <thead>
        <tr>
          <th scope="col">What</th>
          <th scope="col">Each guest</th>
          <th scope="col">Amount</th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <th scope="row">Tour with driver-guide</th>
          <td>{money(plan.price.tourEach)}</td>
          <td>{money(plan.price.tour)}</td>
        </tr>
        {plan.price.tastings.map((t) => (
          <tr key={t.slug}>
            <th scope="row">{`Tasting at ${t.name}`}</th>
            <td>{money(t.each)}</td>
            <td>{money(t.total)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={2}>
            Total
          </th>
          <td>{money(plan.price.total)}</td>
        </tr>
        <tr>
          <th scope="row" colSpan={2}>
            {deposit}
          </th>
          <td>{money(plan.price.deposit)}</td>
        </tr>
        <tr>
          <th scope="row" colSpan={2}>
            To pay on the day
          </th>
          <td>{money(plan.price.balance)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

/** The planned day: each stop with its drive, arrival, departure and warnings, the buttons to reorder them, and the price. */
export function PlanView({ id, props, plan, page, locale, currency, seatsLeft, said, onMove }: PlanViewProps) {
  const zone = props.van.timeZone;
  const at = (ms: number) => clockAt(ms, zone, locale);
  const money = (minor: number) => formatMoney(minor, currency, locale);
  const party = plan.price.party;
  const guests = `${party} ${party === 1 ? 'guest' : 'guests'}`;
  return (
    <section className="trip-plan" id={`${id}-plan`} aria-labelledby={`${id}-plan-heading`}>
      <h3 id={`${id}-plan-heading`}>{`Your day: ${dateText(plan.date, locale)}`}</h3>
      <p className="trip-summary">
        {`${guests}. The van leaves ${plan.pickup.name} at ${at(plan.depart)} and is back at about ${at(plan.back.arrive)}. `}
        {`All times are ${zoneAt(plan.depart, zone, locale)} (${zone}).`}
        {seatsLeft !== undefined ? ` ${seatsLeft} of the van’s ${props.van.seats} seats are free that day.` : ''}
      </p>
      <form method="get" action={`${page}#${id}-plan`} className="trip-reorder">
        <input type="hidden" name="date" value={plan.date} />
        <input type="hidden" name="party" value={String(party)} />
        <input type="hidden" name="pickup" value={plan.pickup.slug} />
        <input type="hidden" name="order" value="own" />
        <ol className="trip-stops">
          {plan.stops.map((stop, i) => (
            <StopItem key={stop.winery.slug} id={id} plan={plan} index={i} stop={stop} zone={zone} locale={locale} currency={currency} onMove={onMove} />
          ))}
        </ol>
      </form>
      <p className="trip-back">{`Drive ${legText(plan.back.leg)} back to ${plan.pickup.name}, arriving at about ${at(plan.back.arrive)}.`}</p>
      <p className="visually-hidden" role="status">
        {said}
      </p>
      <PriceTable
        plan={plan}
        guests={guests}
        deposit={props.price.deposit.percent !== undefined ? `Deposit to book (${props.price.deposit.percent}%)` : 'Deposit to book'}
        money={money}
      />
    </section>
  );
}
