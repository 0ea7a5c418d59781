/**
 * Certificates reach people by e-mail: the recipient gets theirs with the PDF on the delivery date
 * (at once when there is none). A sent certificate is recorded on the ledger (gift-sent:<code>), so
 * neither the hourly run nor a second call ever sends it twice; one whose mail failed is tried
 * again on the next run. The owner's desk can e-mail a sent one again on purpose
 * (mailCertificate), which records nothing on the ledger. The gift-certificate block and the shop
 * (its gift cards) send theirs through here.
 */
import { blocksIn } from '../../../runtime/config/blocks-in.ts';
import { formatMoneyExact } from '../../../runtime/payments/money.ts';
import { publicPath } from '../../../runtime/render/page-path.ts';
import { readCheckout } from '../../../runtime/payments/ledger.ts';
import type { Site } from '../../../runtime/site.ts';
import type { ActionServices, PaidInput } from '../../contract.ts';
import { certificateOf, sendsAt, valueLine, type Certificate } from './certificate.ts';
import { longDate } from './words.ts';

type Log = PaidInput['log'];

const sentKey = (code: string) => `gift-sent:${code}`;

/** Certificates being sent by this process now: the hourly run and a payment never send the same one at once. */
const sending = new Set<string>();

/** How to redeem, as the site says it now, or its contact details when the block is gone. */
export function redeemText(site: Site, redeem: string | undefined): string {
  if (redeem) return redeem;
  const contact = [site.data.site.phone, site.data.site.email].filter(Boolean).join(' or ');
  return `Contact ${site.data.site.name}${contact ? ` on ${contact}` : ''} and give the code.`;
}

/** The site's pages that take a certificate's code online (a booking with `giftCards: true`), as paths. */
export function codePages(site: Site): string[] {
  const paths: string[] = [];
  for (const { block, path } of blocksIn(site.data.pages, ['pages'])) {
    const page = path[0] === 'pages' && path[2] === 'blocks' ? site.data.pages[Number(path[1])] : undefined;
    if (block.giftCards === true && page && !page.path.includes('{') && !paths.includes(page.path)) paths.push(page.path);
  }
  return paths;
}

function recipientText(site: Site, certificate: Certificate, redeem: string, online: readonly string[]): string {
  const locale = site.data.site.language;
  const from = certificate.buyerName || 'Someone';
  const worth = certificate.package ?? formatMoneyExact(certificate.value, certificate.currency, locale);
  const lines = [
    `Hello ${certificate.recipientName},`,
    '',
    certificate.forBuyer
      ? `Here is your gift certificate for ${worth} at ${site.data.site.name}, to give or to use yourself.`
      : `${from} has given you a gift certificate for ${worth} at ${site.data.site.name}.`,
    ...(certificate.message ? ['', certificate.message] : []),
    '',
    `Your code: ${certificate.code}`,
    `Value: ${valueLine(certificate, locale)}`,
    certificate.validUntil ? `Valid until: ${longDate(certificate.validUntil, locale)}` : 'It does not expire.',
    '',
    // The pages that take the code say so first: the author's words may name only the phone.
    ...(online.length ? [`Use it online: enter the code when you book at ${online.join(' or ')}`] : []),
    `How to redeem${online.length ? ' otherwise' : ''}: ${redeem}`,
    '',
    'The certificate is attached as a PDF: print it, or keep this e-mail. The code is all you need.',
  ];
  if (certificate.testMode)
    lines.push(
      '',
      'TEST MODE: this certificate came from a practice payment. It can be used while the site takes payments in test mode, and not once it takes real ones.',
    );
  return lines.join('\n');
}

/**
 * E-mails the recipient their certificate with its PDF, whether or not it went before (the desk's
 * "Resend" calls this alone). `redeem` is how the selling block says to use it now; else the
 * words kept with the certificate.
 */
export async function mailCertificate(site: Site, certificate: Certificate, redeem: string | undefined, services: ActionServices): Promise<void> {
  const how = redeemText(site, redeem ?? certificate.redeem);
  // The PDF library (and its fonts) loads when a certificate is first mailed, not with the blocks.
  const { certificatePdf } = await import('./pdf.ts');
  const pdf = await certificatePdf(site, certificate, how);
  await services.mailer.send({
    to: certificate.recipientEmail,
    subject: certificate.forBuyer ? `Your gift certificate from ${site.data.site.name}` : `A gift certificate for you from ${site.data.site.name}`,
    text: recipientText(
      site,
      certificate,
      how,
      codePages(site).map((path) => services.siteUrl(site, publicPath(site.prefix, path))),
    ),
    ...(site.data.site.email ? { replyTo: site.data.site.email } : {}),
    attachments: [{ filename: `gift-certificate-${certificate.code}.pdf`, content: pdf, contentType: 'application/pdf' }],
  });
}

/** Whether the ledger says this certificate was sent (see sendCertificate). */
export const wasSent = (sent: ReadonlySet<unknown>, code: string) => sent.has(sentKey(code));

/**
 * Sends the recipient their certificate unless it was sent already (or is being sent), then
 * records it: 'sent' by this call, 'already' sent or being sent, or 'failed' (tried again later).
 */
export async function sendCertificate(
  site: Site,
  certificate: Certificate,
  redeem: string | undefined,
  services: ActionServices,
  log: Log,
): Promise<'sent' | 'already' | 'failed'> {
  const lock = `${site.prefix}/${certificate.code}`;
  if (sending.has(lock)) return 'already';
  sending.add(lock);
  try {
    const tenant = await services.store.tenant(site.prefix);
    if (await tenant.find('ledger', { key: sentKey(certificate.code) })) return 'already';
    await mailCertificate(site, certificate, redeem, services);
    await tenant.addOnce(
      'ledger',
      { key: sentKey(certificate.code) },
      {
        type: 'fulfilled',
        key: sentKey(certificate.code),
        account: certificate.code,
        amount: 0,
        currency: certificate.currency,
        sentAt: new Date(services.now()).toISOString(),
      },
    );
    log.info({ site: site.prefix, certificate: certificate.certificate }, 'gift certificate sent');
    return 'sent';
  } catch (error) {
    log.error(
      { site: site.prefix, certificate: certificate.certificate, err: (error as Error).message },
      'a gift certificate could not be sent; tried again within the hour',
    );
    return 'failed';
  } finally {
    sending.delete(lock);
  }
}

/** Sends the certificates sold as `certificate` (a block's name, or a shop's) whose day has come and that have not gone out yet; returns how many went. */
export async function sendDue(site: Site, certificate: string, redeem: string | undefined, services: ActionServices, log: Log, now: number): Promise<number> {
  const tenant = await services.store.tenant(site.prefix);
  const sent = new Set((await tenant.list('ledger', { type: 'fulfilled' })).map((e) => e.key));
  let count = 0;
  for (const entry of await tenant.list('ledger', { type: 'gift-issued' })) {
    const found = certificateOf(entry);
    if (!found || found.certificate !== certificate || wasSent(sent, found.code) || sendsAt(found.deliverOn) > now) continue;
    // Money given back before the day: the certificate is not sent.
    if (typeof entry.checkout === 'string' && (await readCheckout(tenant, entry.checkout))?.status === 'refunded') continue;
    if ((await sendCertificate(site, found, redeem, services, log)) === 'sent') count++;
  }
  return count;
}
