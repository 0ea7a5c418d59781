import { Type } from '@sinclair/typebox';
import { Enum, Markdown as MarkdownField, Text } from '../../schema/common.ts';
import type { SiteData } from '../../schema/site.ts';
import { useRender } from '../../runtime/render/context.tsx';
import { Markdown } from '../../runtime/render/Markdown.tsx';
import { defineBlock } from '../contract.ts';
import { dateTimeFormat } from '../../runtime/render/intl.ts';

const PARTS = ['phone', 'email', 'address', 'directions', 'hours'] as const;

const props = Type.Object(
  {
    heading: Text('The heading above the contact details.', { default: 'Contact us' }),
    notes: Type.Optional(MarkdownField('Extra words under the details, such as where to park or how to find the entrance.')),
    hide: Type.Optional(
      Type.Array(Enum(PARTS, 'A part of the contact details to leave out.'), {
        uniqueItems: true,
        description: 'Parts to leave out: phone, email, address, directions (the map link) or hours. Everything the site lists is shown otherwise.',
      }),
    ),
  },
  { additionalProperties: false },
);

type Identity = SiteData['site'];
type Address = NonNullable<Identity['address']>;

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

const telHref = (phone: string) => `tel:${phone.replace(/[^0-9+]/g, '')}`;

const addressLine = (a: Address) => [a.street, a.locality, [a.region, a.postalCode].filter(Boolean).join(' '), a.country].filter(Boolean).join(', ');

export const directionsUrl = (a: Address) => `https://www.openstreetmap.org/search?query=${encodeURIComponent(addressLine(a))}`;

/** "09:00" in the site's language: 9:00 AM in en-US, 09:00 in en-GB. */
function formatTime(time: string, locale: string): string {
  const [h, m] = time.split(':').map(Number);
  return dateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, 0, 1, h ?? 0, m ?? 0)));
}

/** Every day of the week with its opening times, earliest first; a day with none is closed. */
function week(hours: NonNullable<Identity['hours']>) {
  return DAYS.map((day, i) => ({
    day: DAY_NAMES[i] as string,
    times: hours.filter((h) => (h.days as string[]).includes(day)).sort((a, b) => a.opens.localeCompare(b.opens)),
  }));
}

function Hours({ hours, locale }: { hours: NonNullable<Identity['hours']>; locale: string }) {
  return (
    <table className="contact-hours">
      <tbody>
        {week(hours).map(({ day, times }) => (
          <tr key={day} className={times.length ? undefined : 'contact-closed'}>
            <th scope="row">{day}</th>
            <td>
              {times.length
                ? times.map((t, i) => (
                    <span key={i} className="contact-time">
                      {i > 0 ? ', ' : null}
                      <time dateTime={t.opens}>{formatTime(t.opens, locale)}</time>–<time dateTime={t.closes}>{formatTime(t.closes, locale)}</time>
                    </span>
                  ))
                : 'Closed'}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export const contactDetails = defineBlock({
  type: 'contact-details',
  title: 'Contact details',
  description: 'The site\'s phone number, e-mail, address with a directions link, and opening hours for the whole week, taken from "site".',
  props,
  Component({ heading, notes, hide = [] }) {
    const { site } = useRender();
    const id = site.data.site;
    const shown = (part: (typeof PARTS)[number]) => !hide.includes(part);
    const phone = shown('phone') ? id.phone : undefined;
    const email = shown('email') ? id.email : undefined;
    const address = shown('address') || shown('directions') ? id.address : undefined;
    const hours = shown('hours') && id.hours?.length ? id.hours : undefined;
    return (
      <section className="block contact-details">
        <div className="container">
          <h2>{heading}</h2>
          <div className="contact-grid">
            {phone || email || address || notes ? (
              <div className="card contact-card">
                {phone || email || address ? (
                  <dl className="contact-list">
                    {phone ? (
                      <div>
                        <dt>Phone</dt>
                        <dd>
                          <a href={telHref(phone)}>{phone}</a>
                        </dd>
                      </div>
                    ) : null}
                    {email ? (
                      <div>
                        <dt>E-mail</dt>
                        <dd>
                          <a href={`mailto:${email}`}>{email}</a>
                        </dd>
                      </div>
                    ) : null}
                    {address ? (
                      <div>
                        <dt>Address</dt>
                        <dd>
                          {shown('address') ? (
                            <address>
                              {address.street}
                              <br />
                              {address.locality}
                              {address.region ? `, ${address.region}` : ''}
                              {address.postalCode ? ` ${address.postalCode}` : ''}
                            </address>
                          ) : null}
                          {shown('directions') ? (
                            <a className="contact-directions" href={directionsUrl(address)}>
                              Get directions
                            </a>
                          ) : null}
                        </dd>
                      </div>
                    ) : null}
                  </dl>
                ) : null}
                {notes ? <Markdown source={notes} className="prose contact-notes" /> : null}
              </div>
            ) : null}
            {hours ? (
              <div className="card contact-hours-card">
                <h3 className="contact-hours-heading">Opening hours</h3>
                <Hours hours={hours} locale={id.language} />
              </div>
            ) : null}
          </div>
        </div>
      </section>
    );
  },
  example: {
    heading: 'Visit or call us',
    notes: 'Free parking behind the building; the entrance is step-free. Running late? **Call us** and we will hold your slot for 15 minutes.',
  },
});
