/** Phone, e-mail and website lines of a person or an organisation, each a link. */
import { useHref } from '../../../runtime/render/context.tsx';

export const telHref = (phone: string) => `tel:${phone.replace(/[^0-9+]/g, '')}`;

/** "https://www.millbrooklibrary.org/about" reads as "millbrooklibrary.org". */
const siteName = (url: string) => (/^https?:\/\//.test(url) ? new URL(url).hostname.replace(/^www\./, '') : 'Website');

export function ContactLines({ phone: tel, email: mail, website: web }: { phone?: string; email?: string; website?: string }) {
  const href = useHref();
  if (!tel && !mail && !web) return null;
  return (
    <ul className="contact-lines">
      {tel ? (
        <li>
          Phone: <a href={telHref(tel)}>{tel}</a>
        </li>
      ) : null}
      {mail ? (
        <li>
          E-mail: <a href={`mailto:${mail}`}>{mail}</a>
        </li>
      ) : null}
      {web ? (
        <li>
          Website: <a href={href(web)}>{siteName(web)}</a>
        </li>
      ) : null}
    </ul>
  );
}
