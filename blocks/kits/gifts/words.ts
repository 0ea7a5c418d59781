/** What the blocks that sell, check and take gift certificates say alike. */
import { dateTimeFormat } from '../../../runtime/render/intl.ts';

/** The answer to a code no certificate has (or that is not a code at all): the same for every such code. */
export const NOT_FOUND = 'No certificate has that code. Check it against the certificate and try again.';

/** A certificate's date for people, in the site's language: "December 25, 2026". */
export const longDate = (iso: string, locale: string) => dateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
