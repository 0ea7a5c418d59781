import { Type } from '@sinclair/typebox';
import type { ReactNode } from 'react';
import { Link, Text } from '../../schema/common.ts';
import { useHref, useRender } from '../../runtime/render/context.tsx';
import { fillTemplate, formatDate, itemTitle } from '../../runtime/render/items.ts';
import { Markdown } from '../../runtime/render/Markdown.tsx';
import { Heading, useIsFirst } from '../../runtime/render/position.tsx';
import { defineBlock } from '../contract.ts';
import { BackLink } from '../kits/items/back.tsx';
import { employmentLabel, isClosed } from '../kits/items/employment.ts';

const APPLY = 'Apply for this job';
const CLOSED = 'Applications for this job closed on {closes}.';

const props = Type.Object(
  {
    apply: Text('The words on the apply button, which links to the job\'s "apply".', { default: APPLY }),
    closed: Text('The note shown instead of the apply button once the closing date has passed. {closes} is the closing date.', { default: CLOSED }),
    back: Type.Optional(Link),
  },
  { additionalProperties: false },
);

export const jobPosting = defineBlock({
  type: 'job-posting',
  title: 'Job posting',
  description:
    "The page of one job opening: title, location, kind of employment, pay, dates, the description and an apply button. The default block of a job's page.",
  ownPlaceholders: true,
  leads: true,
  props,
  Component({ apply = APPLY, closed = CLOSED, back }) {
    const { site, target, today } = useRender();
    const first = useIsFirst();
    const href = useHref();
    const job = target.item;
    if (job?.kind !== 'job') return null;
    const d = job.data;
    const locale = site.data.site.language;
    const date = (iso: string) => <time dateTime={iso}>{formatDate(iso, locale)}</time>;
    const posted = d.posted;
    const closes = d.closes;
    const over = isClosed(closes, today);
    const facts: [string, ReactNode][] = [
      ['Location', d.location],
      ['Employment', employmentLabel(d.employment)],
      ['Salary', d.salary],
      ['Posted', posted && date(posted)],
      [over ? 'Closed' : 'Apply by', closes && date(closes)],
    ];
    return (
      <article className="block job-posting">
        <div className="container narrow">
          <header className="item-header">
            <Heading first={first}>{itemTitle(job)}</Heading>
            <dl className="job-facts">
              {facts
                .filter(([, value]) => Boolean(value))
                .map(([label, value]) => (
                  <div key={label}>
                    <dt>{label}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
            </dl>
          </header>
          {over && closes ? <p className="notice">{fillTemplate(closed, { closes: formatDate(closes, locale) })}</p> : null}
          {d.body ? <Markdown source={d.body} /> : null}
          {!over && d.apply ? (
            <p className="job-apply">
              <a className="button" href={href(d.apply)}>
                {apply}
              </a>
            </p>
          ) : null}
          <BackLink back={back} />
        </div>
      </article>
    );
  },
  example: {
    apply: 'Apply now',
    closed: 'Applications closed on {closes}. Thank you to everyone who applied.',
    back: { label: 'All open positions', href: '/careers' },
  },
});
