/** What a payment comes to, worked out on the server from the YAML and the payer's choice: integers only. */
import { percentOf } from '../../runtime/payments/money.ts';
import type { CheckoutLine } from '../../runtime/payments/provider.ts';
import type { Site } from '../../runtime/site.ts';
import { minorOf } from '../money.tsx';
import type { PaymentProps } from './schema.ts';

/** The fee on an amount, in minor units. */
export function feeOn(site: Site, props: PaymentProps, base: number): number {
  if (!props.fee) return 0;
  return percentOf(base, props.fee.percent ?? 0) + (props.fee.fixed !== undefined ? minorOf(site, props.fee.fixed) : 0);
}

export function paymentLines(site: Site, props: PaymentProps, base: number, option?: string): CheckoutLine[] {
  const lines: CheckoutLine[] = [{ name: option ? `${props.description}: ${option}` : props.description, amount: base, quantity: 1 }];
  const fee = feeOn(site, props, base);
  if (fee > 0) lines.push({ name: props.fee?.label ?? 'Card processing fee', amount: fee, quantity: 1 });
  return lines;
}

/** The smallest and largest amounts a payer may type, in minor units. */
export function range(site: Site, props: PaymentProps): { min: number; max: number } {
  return {
    min: props.amount.min !== undefined ? minorOf(site, props.amount.min) : 1,
    max: props.amount.max !== undefined ? minorOf(site, props.amount.max) : 100_000_000,
  };
}
