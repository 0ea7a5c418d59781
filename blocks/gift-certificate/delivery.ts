/**
 * The gift-certificate block's word to its buyer once paid: who gets the certificate and when.
 * The certificate's own e-mail and PDF are the gifts kit's (blocks/kits/gifts/sending.ts).
 */
import type { Site } from '../../runtime/site.ts';
import type { ActionServices, PaidInput } from '../contract.ts';
import { valueLine, type Certificate } from '../kits/gifts/certificate.ts';
import { longDate } from '../kits/gifts/words.ts';

type Log = PaidInput['log'];

/**
 * The buyer's confirmation: who gets it and when (sent now; soon, when the mail is to be tried
 * again; or on its day), and the code in case they would rather hand it over themselves.
 */
export async function confirmToBuyer(
  site: Site,
  certificate: Certificate,
  buyerEmail: string,
  when: 'now' | 'soon' | 'later',
  services: ActionServices,
  log: Log,
): Promise<void> {
  const locale = site.data.site.language;
  const to = `${certificate.recipientName} at ${certificate.recipientEmail}`;
  const delivery =
    when === 'now'
      ? `It has been e-mailed to ${to} just now.`
      : when === 'soon'
        ? `It is being e-mailed to ${to} within the hour.`
        : `It will be e-mailed to ${to} on ${longDate(certificate.deliverOn, locale)}.`;
  const lines = [
    `Thank you${certificate.buyerName ? `, ${certificate.buyerName}` : ''}. Your gift certificate from ${site.data.site.name} is paid for.`,
    '',
    `For: ${certificate.recipientName}`,
    `Value: ${valueLine(certificate, locale)}`,
    `Code: ${certificate.code}`,
    certificate.validUntil ? `Valid until: ${longDate(certificate.validUntil, locale)}` : 'It does not expire.',
    '',
    delivery,
    'Keep this e-mail: if theirs goes astray, the code above is all they need.',
  ];
  if (certificate.testMode) lines.push('', 'TEST MODE: this certificate came from a practice payment and is not valid.');
  await services.mailer
    .send({ to: buyerEmail, subject: `Your gift certificate for ${certificate.recipientName}`, text: lines.join('\n') })
    .catch((error: Error) => log.error({ site: site.prefix, err: error.message }, 'a gift certificate confirmation could not be sent'));
}
