import { blocksIn } from '../../runtime/config/blocks-in.ts';
import { formatMoneyExact } from '../../runtime/payments/money.ts';
import { useRender } from '../../runtime/render/context.tsx';
import type { Site } from '../../runtime/site.ts';
import { asText } from '../../runtime/text.ts';
import { longDate } from '../kits/gifts/words.ts';
import { Field, MoneyForm, moneyIssues, postedState } from '../money.tsx';
import { defineBlock } from '../contract.ts';
import { giftBalanceAction } from './action.ts';
import { giftBalanceProps, type GiftBalanceProps } from './schema.ts';

/** What a post found: a certificate's code and what is left on it. */
interface Found {
  code: string;
  balance: number;
  currency: string;
  package?: string;
  validUntil?: string;
  /** Bought with a practice payment: spendable while the site is in test mode, worth nothing once it takes real money. */
  testMode?: 'usable' | 'unusable';
}

function Result({ found, today, locale }: { found: Found; today: string; locale: string }) {
  const left = formatMoneyExact(found.balance, found.currency, locale);
  const expired = found.validUntil !== undefined && found.validUntil < today;
  return (
    <div className="gift-balance-result" role="status" tabIndex={-1} autoFocus>
      <p className="gift-balance-amount">
        <strong>{`${found.code} has ${left} left.`}</strong>
      </p>
      {found.package ? <p>{`It was given for: ${found.package}.`}</p> : null}
      {found.validUntil ? (
        <p>{expired ? `It expired on ${longDate(found.validUntil, locale)}.` : `Valid until ${longDate(found.validUntil, locale)}.`}</p>
      ) : null}
      {found.testMode === 'usable' ? (
        <p className="test-mode">{`Test mode: this certificate came from a practice payment. Its ${left} can be used on this site while it takes payments in test mode.`}</p>
      ) : found.testMode === 'unusable' ? (
        <p className="test-mode">This certificate came from a practice payment in test mode, and this site now takes real payments: it cannot be used.</p>
      ) : null}
    </div>
  );
}

/** The prefix of the site's own codes, for the example under the field. */
function examplePrefix(site: Site): string {
  for (const { block } of blocksIn(site.data)) if (block.type === 'gift-certificate' && typeof block.codePrefix === 'string') return block.codePrefix;
  return 'GIFT';
}

function GiftBalance(props: GiftBalanceProps) {
  const ctx = useRender();
  const { site } = ctx;
  const id = `balance-${props.name}`;
  const state = postedState(ctx, `gift-balance:${props.name}`);
  const found = state?.result as Found | undefined;
  return (
    <MoneyForm
      className="gift-balance-block"
      anchor={props.name}
      id={id}
      heading={props.heading}
      label={props.heading}
      intro={props.intro}
      post={{ name: '_balance', value: props.name }}
      state={state}
      submit={props.submit}
      testNote={false}
      before={found ? <Result found={found} today={ctx.today} locale={site.data.site.language} /> : null}
    >
      <Field
        id={`${id}-code`}
        label={props.label}
        required
        help={`Such as ${examplePrefix(site)}-7KQ4-M2XD: capitals and dashes are optional.`}
        error={state?.errors?.code}
      >
        {(a) => (
          <input
            {...a}
            name="code"
            type="text"
            defaultValue={asText(state?.values?.code ?? '')}
            maxLength={40}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
          />
        )}
      </Field>
    </MoneyForm>
  );
}

export const giftBalance = defineBlock({
  type: 'gift-balance',
  title: 'Gift certificate balance',
  description:
    'A small form where holders of a gift certificate type its code and see what is left on it, read from the ledger. Put it beside a gift-certificate block, or on a page of its own.',
  props: giftBalanceProps,
  Component: GiftBalance,
  perRequest: ['token'],
  // A balance is shown to whoever holds the code: no cache keeps the page.
  noStore: () => true,
  action: giftBalanceAction,
  example: {
    name: 'balance',
    heading: 'Check a gift certificate',
    intro: 'Type the code printed on the certificate to see what is left on it.',
    label: 'Certificate code',
    submit: 'Check balance',
  },
  check: (_props, site) => moneyIssues(site, []).filter((issue) => issue.code === 'SW_PAYMENTS_MISSING'),
});
