/**
 * The balance check's server half: the code as typed (any case, with or without dashes) is read
 * back from the ledger, and the answer is the page again with the balance, or the same message for
 * every code that is unknown or not a code at all. Posts are limited per visitor by the platform,
 * which is what keeps anyone from trying codes until one answers.
 */
import { currencyOf, postFields, robotCheck } from '../money.tsx';
import { certificateBalance, issuedEntry, usableCertificate } from '../kits/gifts/certificates.ts';
import { codeFromTyped } from '../kits/gifts/code.ts';
import { NOT_FOUND } from '../kits/gifts/words.ts';
import type { ActionInput, ActionResult, BlockAction } from '../contract.ts';
import type { GiftBalanceProps } from './schema.ts';

async function handle(input: ActionInput<GiftBalanceProps>): Promise<ActionResult> {
  const { site, body, services } = input;
  const values = { code: typeof body.code === 'string' ? body.code.trim() : '' };
  if (!input.validate(body)) return { kind: 'refused', status: 400, state: { values, problem: 'The form could not be read. Please fill it in again.' } };
  const robot = robotCheck(input, values);
  if (robot !== 'person') return robot;
  if (!values.code) return { kind: 'refused', status: 422, state: { values, errors: { code: 'Please enter the code printed on the certificate.' } } };

  const code = codeFromTyped(values.code);
  const balance = code ? await certificateBalance(services, site, code) : undefined;
  if (!code || balance === undefined) return { kind: 'refused', status: 404, state: { values, errors: { code: NOT_FOUND } } };
  const issued = await issuedEntry(services, site, code);
  const details = (issued?.details ?? {}) as Record<string, unknown>;
  // Said as the booking pages decide it: a practice certificate pays on a site in test mode, and nowhere else.
  const usable = await usableCertificate(services, site, code);
  const practice = 'refused' in usable && usable.refused === 'practice';
  return {
    kind: 'refused',
    status: 200,
    state: {
      values: { code },
      result: {
        code,
        balance,
        currency: typeof issued?.currency === 'string' ? issued.currency : currencyOf(site),
        ...(typeof details.package === 'string' ? { package: details.package } : {}),
        ...(typeof details.validUntil === 'string' ? { validUntil: details.validUntil } : {}),
        ...(details.testMode === true || practice ? { testMode: practice ? 'unusable' : 'usable' } : {}),
      },
    },
  };
}

export const giftBalanceAction: BlockAction<GiftBalanceProps> = {
  accepts: (props, body) => body._balance === props.name,
  key: (props) => `gift-balance:${props.name}`,
  bodySchema: () => postFields('_balance', { code: { type: 'string', maxLength: 200 } }, []),
  handle,
};
