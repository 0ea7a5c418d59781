import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { BASE_YAML, pageHtml, problemsOf, siteFrom } from '../../tests/helpers/site.tsx';
import { contactDetails } from './index.tsx';

const IDENTITY = `  address:
    street: 118 Harbor Lane, Suite 2
    locality: Maple Falls
    region: VT
    postalCode: "05401"
  hours:
    - days: [monday, tuesday, wednesday, friday]
      opens: "08:30"
      closes: "17:00"
    - days: [thursday]
      opens: "10:00"
      closes: "20:00"
    - days: [saturday]
      opens: "13:00"
      closes: "16:00"
    - days: [saturday]
      opens: "09:00"
      closes: "12:00"
`;

/** A site whose identity has an address and hours, showing the block on its home page. */
function siteYaml(props: object = {}, language = 'en') {
  const base = BASE_YAML.replace('  email: hello@maplefalls.example.com\n', `  email: hello@maplefalls.example.com\n  language: ${language}\n${IDENTITY}`);
  const blocks = stringify([{ type: 'contact-details', ...contactDetails.example, ...props }]).replace(/^/gm, '      ');
  return `${base}pages:\n  - path: /\n    title: Contact\n    blocks:\n${blocks}`;
}
/** Only the block's own markup: the footer repeats some of the same details. */
const block = (html: string) => html.slice(html.indexOf('<section class="block contact-details">'), html.indexOf('</main>'));
const text = (html: string) => html.replace(/<!-- -->/g, '').replace(/\u202f/g, ' ');

describe('contact-details block', () => {
  it('shows the phone, e-mail, address and a directions link from the site identity', () => {
    const html = text(pageHtml(siteFrom(siteYaml()), '/'));
    expect(html).toContain('<h2>Visit or call us</h2>');
    expect(html).toContain('<a href="tel:5550142">555-0142</a>');
    expect(html).toContain('<a href="mailto:hello@maplefalls.example.com">hello@maplefalls.example.com</a>');
    expect(html).toContain('<address>118 Harbor Lane, Suite 2<br/>Maple Falls, VT 05401</address>');
    expect(html).toContain(
      '<a class="contact-directions" href="https://www.openstreetmap.org/search?query=118%20Harbor%20Lane%2C%20Suite%202%2C%20Maple%20Falls%2C%20VT%2005401%2C%20US">Get directions</a>',
    );
    expect(html).toContain('<strong>Call us</strong>');
    expect(html).not.toContain('<iframe');
    expect(html).not.toMatch(/<script(?! type="application\/ld\+json")/);
  });

  it('lists the whole week, earliest hours first, with unlisted days closed', () => {
    const html = text(pageHtml(siteFrom(siteYaml()), '/'));
    expect(html).toContain(
      '<th scope="row">Monday</th><td><span class="contact-time"><time dateTime="08:30">8:30 AM</time>–<time dateTime="17:00">5:00 PM</time></span></td>',
    );
    expect(html).toMatch(
      /<th scope="row">Saturday<\/th><td><span class="contact-time"><time dateTime="09:00">9:00 AM<\/time>.*?<\/span><span class="contact-time">, <time dateTime="13:00">1:00 PM<\/time>/,
    );
    expect(html).toContain('<tr class="contact-closed"><th scope="row">Sunday</th><td>Closed</td></tr>');
    expect(text(pageHtml(siteFrom(siteYaml({}, 'en-GB')), '/'))).toContain('<time dateTime="17:00">17:00</time>');
  });

  it('leaves out the parts it is told to hide', () => {
    const html = block(pageHtml(siteFrom(siteYaml({ hide: ['hours', 'email', 'directions'] })), '/'));
    expect(html).not.toContain('contact-hours');
    expect(html).not.toContain('mailto:hello');
    expect(html).not.toContain('openstreetmap');
    expect(html).toContain('<address>');
  });

  it('names the parts that can be hidden', () => {
    const [problem] = problemsOf(siteYaml({ hide: ['opening-hours'] }));
    expect(problem).toContain('SW_NOT_ALLOWED');
    expect(problem).toContain('phone, email, address, directions, hours');
  });
});
