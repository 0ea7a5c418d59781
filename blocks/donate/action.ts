/**
 * The donate block's server half: the donor's choice is read into a gift (the amount from the
 * YAML's suggestions, or their own amount within the limits), a checkout is opened on the ledger
 * once or monthly, and the donor goes to the provider to pay.
 */
import { StoreError } from '../../runtime/store/store.ts';
import type { ActionInput, ActionResult, BlockAction } from '../contract.ts';
import { postFields, robotCheck } from '../money.tsx';
import { dedicationText, GIFT_FIELDS, readGift, valuesOf } from './gift.ts';
import type { DonateProps } from './schema.ts';

async function handle(input: ActionInput<DonateProps>): Promise<ActionResult> {
  const { site, target, props, body, services, log } = input;
  const values = valuesOf(body);
  // Anything but the block's own fields, or a field sent twice: not from this form.
  if (!input.validate(body)) return { kind: 'refused', status: 400, state: { values, problem: 'The form could not be read. Please fill it in again.' } };
  const robot = robotCheck(input, values);
  if (robot !== 'person') return robot;

  const read = readGift(site, props, values);
  if ('errors' in read) return { kind: 'refused', status: 422, state: { values, errors: read.errors } };
  const { gift } = read;
  const monthly = gift.frequency === 'monthly';

  try {
    const { redirect } = await services.checkout.open(site, {
      purpose: 'donate',
      page: target.path,
      description: props.description,
      lines: [{ name: monthly ? `${props.description} (monthly)` : props.description, amount: gift.amount, quantity: 1 }],
      mode: monthly ? 'monthly' : 'once',
      email: gift.email,
      details: {
        donation: props.donation,
        name: gift.name,
        ...(gift.dedication ? { dedication: dedicationText(gift.dedication) } : {}),
        declaration: gift.declaration,
        ...(gift.address ? { address: gift.address } : {}),
      },
      // The donor's own words are on their receipt too, not only in the organisation's note.
      ...(gift.dedication ? { said: [{ label: 'Dedication', text: dedicationText(gift.dedication) }] } : {}),
      ...(props.thankYou ? { returnPath: props.thankYou } : {}),
    });
    return { kind: 'done', redirect, json: { redirect } };
  } catch (error) {
    log.error({ site: site.prefix, donation: props.donation, err: (error as Error).message }, 'a checkout could not be opened');
    if (!(error instanceof StoreError) && !(error instanceof Error)) throw error;
    return { kind: 'refused', status: 503, state: { values, problem: 'Gifts cannot be taken right now. Please try again in a few minutes.' } };
  }
}

const field = (maxLength: number) => ({ type: 'string', maxLength });
const LENGTHS: Record<(typeof GIFT_FIELDS)[number], number> = {
  gift: 20,
  amount: 40,
  frequency: 20,
  name: 200,
  email: 320,
  dedication: 20,
  dedicatee: 200,
  declaration: 10,
  address: 1000,
};

export const donateAction: BlockAction<DonateProps> = {
  accepts: (props, body) => body._donation === props.donation,
  key: (props) => `donation:${props.donation}`,
  bodySchema: () => postFields('_donation', Object.fromEntries(GIFT_FIELDS.map((name) => [name, field(LENGTHS[name])])), []),
  handle,
};
