/**
 * What a paid checkout for a certificate becomes: a code issued on the ledger for its value (once
 * per checkout, however often this is called), the certificate e-mailed to the recipient when its
 * day has come, and a confirmation to the buyer; and what a refund of that checkout takes back.
 */
import { isTestCheckout } from '../../runtime/payments/ledger.ts';
import type { PaidInput } from '../contract.ts';
import { certificateOf, sendsAt, validUntilOf } from '../kits/gifts/certificate.ts';
import { propsFor } from './schema.ts';
import { newCode } from '../kits/gifts/code.ts';
import { confirmToBuyer } from './delivery.ts';
import { sendCertificate } from '../kits/gifts/sending.ts';
import { certificateBalance, issueCertificate, voidCertificates } from '../kits/gifts/certificates.ts';

export async function certificatePaid({ site, opened, services, log }: PaidInput): Promise<void> {
  const details = (opened.details ?? {}) as Record<string, unknown>;
  const props = propsFor(site, details.certificate);
  const checkout = String(opened.checkout);
  const key = `gift:${checkout}`;
  const tenant = await services.store.tenant(site.prefix);
  // Issued once per checkout: a second call finds the first code and issues no other.
  let issued = await tenant.find('ledger', { key });
  let mine = false;
  if (!issued) {
    const prefix = props?.codePrefix ?? (typeof details.codePrefix === 'string' ? details.codePrefix : 'GIFT');
    let code = newCode(prefix);
    while ((await certificateBalance(services, site, code)) !== undefined) code = newCode(prefix);
    const value = typeof details.value === 'number' && Number.isSafeInteger(details.value) && details.value > 0 ? details.value : Number(opened.amount);
    const validUntil = validUntilOf(services.now(), props?.validMonths, site.data.site.timeZone);
    await issueCertificate(services, site, {
      code,
      amount: value,
      key,
      checkout,
      details: {
        certificate: details.certificate,
        recipientName: details.recipientName,
        recipientEmail: details.recipientEmail,
        message: details.message,
        deliverOn: details.deliverOn,
        buyerName: details.buyerName,
        ...(details.package ? { package: details.package } : {}),
        ...(validUntil ? { validUntil } : {}),
        // A test key's checkout (the offline provider, or Stripe's sk_test_) took no money: the certificate is a practice one.
        testMode: isTestCheckout(opened),
      },
    });
    issued = await tenant.find('ledger', { key });
    mine = issued?.account === code;
  }
  const certificate = issued && certificateOf(issued);
  if (!certificate) {
    log.error({ site: site.prefix, checkout }, 'a paid gift certificate has no recipient: see the ledger');
    return;
  }
  const due = sendsAt(certificate.deliverOn) <= services.now();
  const sent = due ? await sendCertificate(site, certificate, props?.redeem, services, log) : undefined;
  if (mine && typeof opened.email === 'string')
    await confirmToBuyer(site, certificate, opened.email, sent === undefined ? 'later' : sent === 'failed' ? 'soon' : 'now', services, log);
}

/** A certificate's checkout refunded in full: what is left on the certificate it bought is taken back. */
export async function certificateRefunded({ site, opened, services }: PaidInput): Promise<void> {
  await voidCertificates(services, site, String(opened.checkout));
}
