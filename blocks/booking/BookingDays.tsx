/**
 * How a visitor moves through the booking form: the choices (when the block books several things)
 * and the days of the chosen one, a page of them at a time to the end of the horizon. Without
 * JavaScript each is a link the server answers with the page; in the browser `useDay` fetches the
 * day's free times (or the page of days) as JSON and says what it found.
 */
import { useState, type MouseEvent } from 'react';
import type { BookingFormView, DayView, OptionView } from './form-view.ts';

/** Where a script reads a day's free times: the same address as the link, asking for this block's data. */
export const dataUrl = (href: string, base: string) => {
  const url = new URL(href, base);
  url.searchParams.set('_data', 'booking');
  url.hash = '';
  return url.toString();
};

const plainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

type Open = (event: MouseEvent<HTMLAnchorElement>) => void;

/** The day shown, whether the next is on its way, the news for screen readers, and what a click on a day or a choice does. */
export function useDay(first: DayView | undefined): { day: DayView | undefined; busy: boolean; news: string; open: Open } {
  const [day, setDay] = useState(first);
  const [busy, setBusy] = useState(false);
  const [news, setNews] = useState('');

  /** A day or a choice, fetched in place; any failure falls back to the link itself. */
  const open: Open = (event) => {
    if (!plainClick(event)) return;
    event.preventDefault();
    void fetchDay(event.currentTarget.href);
  };
  const fetchDay = async (href: string) => {
    setBusy(true);
    try {
      const answer = await fetch(dataUrl(href, window.location.href), { headers: { accept: 'application/json' } });
      if (!answer.ok) throw new Error(String(answer.status));
      const next = (await answer.json()) as DayView;
      setDay(next);
      window.history.replaceState(null, '', href);
      const free = next.slots.filter((s) => s.left > 0).length;
      setNews(`${next.legend}: ${free ? `${free} ${free === 1 ? 'time' : 'times'} free` : 'no times free'}.`);
    } catch {
      window.location.assign(href);
    } finally {
      setBusy(false);
    }
  };
  return { day, busy, news, open };
}

/** The things the block books, each a link to its days; the one shown is marked. */
export function ChoiceList({ view, option, open }: { view: BookingFormView; option: OptionView; open: Open }) {
  return (
    <nav className="booking-choices" aria-label={view.choose}>
      <h3>{view.choose}</h3>
      <ul>
        {view.options.map((o) => (
          <li key={o.resource}>
            <a href={o.href} aria-current={o.resource === option.resource ? 'true' : undefined} onClick={open}>
              <strong>{o.label}</strong>
              <span className="booking-facts">{o.facts}</span>
              {o.description ? <span className="booking-choice-text">{o.description}</span> : null}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The days that can be booked, each a link to its free times, the one shown marked; links to the earlier and later ones within the horizon. */
export function DayList({ multiple, option, day, busy, open }: { multiple: boolean; option: OptionView; day: DayView; busy: boolean; open: Open }) {
  return (
    <nav className="booking-dates" aria-label={multiple ? `Days for ${option.label}` : 'Choose a day'} aria-busy={busy || undefined}>
      {multiple ? <h3>{`Days for ${option.label}`}</h3> : null}
      {day.dates.length ? (
        <ul>
          {day.dates.map((d) => (
            <li key={d.date}>
              <a href={d.href} aria-current={d.date === day.date ? 'date' : undefined} onClick={open}>
                {d.label}
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p>There are no times to book online at the moment.</p>
      )}
      {day.earlier || day.later ? (
        <p className="booking-pages">
          {day.earlier ? (
            <a href={day.earlier.href} rel="prev" onClick={open}>
              {day.earlier.label}
            </a>
          ) : null}
          {day.later ? (
            <a href={day.later.href} rel="next" onClick={open}>
              {day.later.label}
            </a>
          ) : null}
        </p>
      ) : null}
    </nav>
  );
}
