import { authoredAmount, formatMoney } from '../../runtime/payments/money.ts';
import { WINERY_BOX, type Asked } from './choices.ts';
import { Field } from './Field.tsx';
import type { TripBuilderProps } from './schema.ts';
import type { TripView } from './view.ts';
import { dateText, daysText, hoursText, timeText } from './words.ts';

/** The party size offered first: two when the limits allow it. */
export const defaultParty = ({ min, max }: TripBuilderProps['party']) => Math.min(max, Math.max(min, 2));

/**
 * The planner: a GET form of the wineries, the date, the group and the pickup point. It works
 * without JavaScript: the server plans what it asks for and shows the plan below it.
 */
export function Planner({
  id,
  props,
  view,
  errors,
  page,
  locale,
  currency,
}: {
  id: string;
  props: TripBuilderProps;
  view?: TripView;
  errors: Record<string, string>;
  page: string;
  locale: string;
  currency: string;
}) {
  const asked: Partial<Asked> = view?.asked ?? {};
  const chosen = new Set(asked.wineries ?? []);
  const { van, minStops, maxStops } = props;
  const sizes: number[] = [];
  for (let n = props.party.min; n <= props.party.max; n++) sizes.push(n);
  const wineriesError = errors.wineries;
  const horizon = view ? `Trips can be booked until ${dateText(view.last, locale)}.` : '';
  return (
    <form method="get" action={`${page}#${id}-plan`} className="trip-planner">
      <fieldset
        className={`field-group trip-wineries${wineriesError ? ' field-has-error' : ''}`}
        id={`${id}-wineries`}
        aria-describedby={wineriesError ? `${id}-wineries-error` : undefined}
      >
        <legend>
          {`Wineries: choose ${minStops === maxStops ? minStops : `${minStops} to ${maxStops}`}`}
          <span className="field-required"> (required)</span>
        </legend>
        <ul className="trip-winery-list">
          {props.wineries.map((w) => {
            const box = `${id}-winery-${w.slug}`;
            return (
              <li key={w.slug} className="field field-check">
                <input
                  type="checkbox"
                  id={box}
                  name={`${WINERY_BOX}${w.slug}`}
                  value="on"
                  defaultChecked={chosen.has(w.slug)}
                  aria-describedby={`${box}-about`}
                  aria-invalid={wineriesError ? true : undefined}
                />
                <label htmlFor={box}>{w.name}</label>
                <p id={`${box}-about`} className="field-help">
                  {`${w.description} Open ${hoursText(w, locale)}. Tasting ${formatMoney(authoredAmount(w.fee, currency) ?? 0, currency, locale)} a guest.`}
                </p>
              </li>
            );
          })}
        </ul>
        {wineriesError ? (
          <p id={`${id}-wineries-error`} className="field-error">
            {wineriesError}
          </p>
        ) : null}
      </fieldset>
      <fieldset className="field-group trip-day">
        <legend>Your day</legend>
        <Field
          id={`${id}-date`}
          label="Date"
          required
          error={errors.date}
          help={`The van runs ${daysText(van.days, locale, 'long')}, leaving at ${timeText(van.pickupTime, locale)}. ${horizon}`.trim()}
        >
          {(a) => <input {...a} type="date" name="date" min={view?.today} max={view?.last} defaultValue={asked.date ?? ''} />}
        </Field>
        <Field id={`${id}-party`} label="Number of guests" error={errors.party}>
          {(a) => (
            // Always answered (it starts at a size), so not marked required: HTML then wants an empty first choice.
            <select {...a} name="party" defaultValue={asked.party && sizes.includes(Number(asked.party)) ? asked.party : String(defaultParty(props.party))}>
              {sizes.map((n) => (
                <option key={n} value={String(n)}>
                  {String(n)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id={`${id}-pickup`} label="Pickup point" error={errors.pickup} help="The van collects you here and brings you back at the end of the day.">
          {(a) => (
            <select {...a} name="pickup" defaultValue={props.pickups.some((p) => p.slug === asked.pickup) ? asked.pickup : props.pickups[0]?.slug}>
              {props.pickups.map((p) => (
                <option key={p.slug} value={p.slug}>
                  {p.address ? `${p.name}, ${p.address}` : p.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      </fieldset>
      <button type="submit" className="button">
        Plan my trip
      </button>
    </form>
  );
}
