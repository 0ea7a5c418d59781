import { Type, type Static } from '@sinclair/typebox';
import { formatMoneyExact } from '../../runtime/payments/money.ts';
import { lineText } from '../../runtime/payments/line.ts';
import { receiptNumber } from '../../runtime/payments/numbers.ts';
import { hasNumber, receiptStatus, type Receipt } from '../../runtime/payments/receipt.ts';
import { Markdown as MarkdownText } from '../../runtime/render/Markdown.tsx';
import { publicPath } from '../../runtime/render/page-path.ts';
import { useRender } from '../../runtime/render/context.tsx';
import { Markdown } from '../../schema/common.ts';
import { defineBlock } from '../contract.ts';
import { momentText } from '../../runtime/render/site-zone.ts';

const receiptProps = Type.Object(
  {
    thanks: Type.Optional(Markdown('A few words shown above a paid receipt, such as what happens next.')),
  },
  { additionalProperties: false },
);

/** What the block read for this request: the receipt from the ledger, or nothing the link names. */
export interface ReceiptLoaded {
  receipt?: Receipt;
  cancelled: boolean;
  /** Seconds until the page asks again (while a payment is processing). */
  refreshAfter?: number;
}

function ReceiptView(props: Static<typeof receiptProps>) {
  const { site, visitor } = useRender();
  const loaded = visitor.loaded?.receipt as ReceiptLoaded | undefined;
  const receipt = loaded?.receipt;
  const locale = site.data.site.language;
  if (!receipt)
    return (
      <section className="receipt-block" aria-labelledby="receipt-heading">
        <div className="container">
          <h2 id="receipt-heading">No receipt to show</h2>
          <p>
            This page shows a receipt when you come back from paying. The link you followed does not name one: check that it was copied whole, or open the link
            in your receipt e-mail.
          </p>
        </div>
      </section>
    );
  const money = (minor: number) => formatMoneyExact(minor, receipt.currency, locale);
  const again = publicPath(site.prefix, receipt.page);
  const heading =
    receipt.status === 'paid'
      ? receipt.mode === 'monthly'
        ? 'Thank you: your monthly gift is set up'
        : 'Thank you: payment received'
      : receipt.status === 'processing'
        ? 'Your payment is being processed'
        : receipt.status === 'refunded'
          ? 'This payment was refunded'
          : receipt.status === 'failed'
            ? 'The payment did not go through'
            : loaded.cancelled
              ? 'Payment cancelled'
              : 'Not paid';
  return (
    <section className={`receipt-block receipt-${receipt.status}`} aria-labelledby="receipt-heading">
      <div className="container">
        <h2 id="receipt-heading">{heading}</h2>
        {receipt.testMode ? (
          <p className="test-mode" role="note">
            <strong>Test mode.</strong> This was a practice payment: no card was charged.
          </p>
        ) : null}
        {receipt.status === 'paid' && props.thanks ? <MarkdownText source={props.thanks} /> : null}
        {receipt.status === 'processing' ? (
          <p role="status">Your bank is still confirming the payment. This page checks again by itself every few seconds.</p>
        ) : null}
        {receipt.status === 'open' || receipt.status === 'failed' ? (
          <p>
            Nothing has been charged. <a href={again}>{receipt.status === 'failed' ? 'Try again with another card' : 'Go back and pay'}</a>.
          </p>
        ) : null}
        <table className="checkout-lines receipt-lines">
          <caption className="visually-hidden">Receipt</caption>
          <tbody>
            <tr>
              <th scope="row">What</th>
              <td>{receipt.description}</td>
            </tr>
            {receipt.reference ? (
              <tr>
                <th scope="row">Reference</th>
                <td>{receipt.reference}</td>
              </tr>
            ) : null}
            {receipt.said.map((s, i) => (
              <tr key={`said-${i}`}>
                <th scope="row">{s.label}</th>
                <td className="receipt-said">{s.text}</td>
              </tr>
            ))}
            {receipt.lines.map((line, i) => (
              <tr key={i}>
                <th scope="row">{lineText(line)}</th>
                <td className="amount">{money(line.amount * line.quantity)}</td>
              </tr>
            ))}
            <tr>
              <th scope="row">Total</th>
              <td>
                <strong>
                  <span className="amount">{money(receipt.amount)}</span>
                  {receipt.mode === 'monthly' ? ' every month' : ''}
                </strong>
              </td>
            </tr>
            {receipt.renewals ? (
              <tr>
                <th scope="row">Months paid since</th>
                <td>{receipt.renewals}</td>
              </tr>
            ) : null}
            {receipt.refunded ? (
              <tr>
                <th scope="row">Refunded</th>
                <td className="amount">{money(receipt.refunded)}</td>
              </tr>
            ) : null}
            <tr>
              <th scope="row">Status</th>
              <td>{receiptStatus(receipt.status)}</td>
            </tr>
            <tr>
              <th scope="row">Date</th>
              <td>{momentText(site, receipt.paidAt ?? receipt.openedAt)}</td>
            </tr>
            {hasNumber(receipt) ? (
              <tr>
                <th scope="row">Receipt number</th>
                <td>{receiptNumber(receipt.checkout)}</td>
              </tr>
            ) : null}
          </tbody>
        </table>
        {receipt.status === 'paid' && receipt.email ? <p>A copy of this receipt has been sent to {receipt.email}.</p> : null}
      </div>
    </section>
  );
}

export const receipt = defineBlock({
  type: 'receipt',
  title: 'Receipt',
  description:
    'Shows payers their receipt when they come back from paying: amount, reference, date and status, read from the ledger by the signed link in the address. Put it on the page named by payments.receipts (by default /payment-success).',
  props: receiptProps,
  Component: ReceiptView,
  async load({ site, query, services }): Promise<ReceiptLoaded> {
    const checkout = services.checkout.checkoutOf(site, query.receipt);
    const found = checkout ? await services.checkout.receipt(site, checkout) : undefined;
    return { receipt: found, cancelled: query.cancelled === '1', ...(found?.status === 'processing' ? { refreshAfter: 5 } : {}) };
  },
  example: { thanks: 'We have received your payment. Keep this receipt for your records.' },
});
