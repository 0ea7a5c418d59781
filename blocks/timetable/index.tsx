import { Markdown } from '../../runtime/render/Markdown.tsx';
import { useRender } from '../../runtime/render/context.tsx';
import { publicPath } from '../../runtime/render/page-path.ts';
import { defineBlock } from '../contract.ts';
import { timetableIssues } from './check.ts';
import { timetableProps, type TimetableProps } from './schema.ts';
import { bookingOf, loadWeek, type Session, type SessionStatus, type TimetableLoaded } from './week.ts';
import { dateTimeFormat } from '../../runtime/render/intl.ts';
import { leftWords } from '../kits/scheduling/units.ts';

const STATUS: Record<Exclude<SessionStatus, 'open'>, string> = {
  full: 'Full',
  started: 'Under way',
  finished: 'Finished',
  'too-soon': 'Too late to book online',
  later: 'Not open for booking yet',
};

const placesOf = (s: Session) => (s.status !== 'open' ? STATUS[s.status] : leftWords(s.left, s.wholeRoom, s.unit));

/** The start as a machine reads it: the local date and time with the zone's offset, such as 2026-12-21T05:45-07:00. */
function localStamp(s: Session): string {
  const minutes = Math.round((Date.parse(`${s.slot.slice(0, 10)}T${s.time}:00Z`) - Date.parse(s.startUtc)) / 60_000);
  const abs = Math.abs(minutes);
  return `${s.slot.slice(0, 10)}T${s.time}${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

function Week({ props, loaded, page }: { props: TimetableProps; loaded: TimetableLoaded; page?: string }) {
  const { site } = useRender();
  const locale = site.data.site.language;
  const weekday = dateTimeFormat(locale, { timeZone: 'UTC', weekday: 'long' });
  const monthDay = dateTimeFormat(locale, { timeZone: 'UTC', month: 'long', day: 'numeric' });
  const clock = dateTimeFormat(locale, { timeZone: loaded.timeZone, timeStyle: 'short' });
  const id = `timetable-${props.booking}`;
  return (
    // role="list" keeps list semantics in Safari, which drops them when list-style is none.
    <ol className={`timetable-days${loaded.days.length <= 7 ? ' timetable-week' : ''}`} role="list">
      {loaded.days.map(({ date, closed, sessions }) => (
        <li key={date} className="timetable-day" aria-current={date === loaded.today ? 'date' : undefined}>
          <h3 id={`${id}-${date}`}>
            <time dateTime={date}>
              {/* The weekday on a line of its own in a narrow column of the week. */}
              <span className="timetable-weekday">{`${weekday.format(Date.parse(`${date}T12:00:00Z`))},`}</span>{' '}
              {monthDay.format(Date.parse(`${date}T12:00:00Z`))}
            </time>
            {date === loaded.today ? <span className="timetable-today"> (today)</span> : null}
          </h3>
          {sessions.length ? (
            <ul className="timetable-sessions" role="list" aria-labelledby={`${id}-${date}`}>
              {sessions.map((s) => {
                const body = (
                  <>
                    <time className="timetable-time" dateTime={localStamp(s)}>
                      {clock.format(Date.parse(s.startUtc))}
                    </time>{' '}
                    <span className="timetable-class">{s.label}</span>{' '}
                    <time className="timetable-length" dateTime={`PT${s.minutes}M`}>
                      {`${s.minutes} min`}
                    </time>{' '}
                    <span className="timetable-left">{placesOf(s)}</span>
                  </>
                );
                const href = page && s.status === 'open' ? `${page}?choice=${encodeURIComponent(s.choice)}&slot=${s.slot}#${props.booking}` : undefined;
                return (
                  <li key={`${s.choice}@${s.slot}`} className={`timetable-session timetable-${s.status}`}>
                    {href ? (
                      <a className="timetable-card" href={href}>
                        {body}
                      </a>
                    ) : (
                      <div className="timetable-card">{body}</div>
                    )}
                  </li>
                );
              })}
            </ul>
          ) : (
            <p className="timetable-none">{closed ? 'Closed' : 'Nothing to book'}</p>
          )}
        </li>
      ))}
    </ol>
  );
}

function Timetable(props: TimetableProps) {
  const { site, visitor } = useRender();
  const found = bookingOf(site.data, props.booking);
  const page = found?.path !== undefined ? publicPath(site.prefix, found.path) : undefined;
  const loaded = visitor.loaded?.timetable as TimetableLoaded | undefined;
  const id = `timetable-${props.booking}`;
  return (
    <section className="block timetable" aria-labelledby={`${id}-heading`}>
      <div className="container">
        <h2 id={`${id}-heading`}>{props.heading}</h2>
        {props.intro ? <Markdown source={props.intro} /> : null}
        {loaded ? <Week props={props} loaded={loaded} page={page} /> : <p>The times of the week cannot be shown at the moment.</p>}
        {page ? (
          <p className="more-link">
            <a href={`${page}#${props.booking}`}>{loaded ? 'Book further ahead' : 'See the times and book'}</a>
          </p>
        ) : null}
      </div>
    </section>
  );
}

export const timetable = defineBlock({
  type: 'timetable',
  title: 'Timetable',
  description:
    'The coming week of a booking block’s classes (or rooms, or lessons), day by day, with the places left in each: a session links to the booking page with its class, day and time chosen; a full one says so.',
  props: timetableProps,
  Component: Timetable,
  example: {
    booking: 'classes',
    heading: 'This week’s classes',
    intro: 'Choose a class to book your place. Every class has a coach and up to twelve places.',
    days: 7,
  },
  async load({ site, props, services }) {
    return loadWeek(site, props, services);
  },
  check: timetableIssues,
});
