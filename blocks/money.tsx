/**
 * What the blocks that take money share: their load-time checks (the site's payments section,
 * amounts the currency can hold, the receipts page), the robot checks of a post, amounts typed by
 * visitors, and the plain HTML pieces of their forms (fields, the error summary, the test-mode note).
 */
import { Type } from '@sinclair/typebox';
import type { ReactNode } from 'react';
import { authoredAmount, formatMoney, isCurrency, parseAmount } from '../runtime/payments/money.ts';
import { publicPath } from '../runtime/render/page-path.ts';
import { MESSAGES } from '../runtime/server/messages.ts';
import { useRender, type RenderContext } from '../runtime/render/context.tsx';
import { Markdown } from '../runtime/render/Markdown.tsx';
import type { SiteData } from '../schema/site.ts';
import type { ActionInput, ActionResult, BlockIssue, VisitorState } from './contract.ts';
import { EMAIL } from './kits/fields/rules.ts';
import { ErrorSummary, Field, PostHidden, TestModeText } from './money-form.tsx';

export { ErrorSummary, Field, PostHidden, TestModeText };
import type { Site } from '../runtime/site.ts';
import { numberFormat } from '../runtime/render/intl.ts';

/** An amount as an author writes it: in the site's currency, such as 45 or 12.50. */
export const Amount = (description: string) =>
  Type.Number({ exclusiveMinimum: 0, maximum: 1_000_000_000, description: `${description} In the site's currency, such as 45 or 12.50.` });

export const currencyOf = (site: { data: Partial<SiteData> } | Site) => site.data.payments?.currency ?? 'USD';

/** Load-time checks every money block makes: a payments section with a known currency, amounts that fit it, a receipts page with a receipt block. */
export function moneyIssues(site: Partial<SiteData>, amounts: { path: (string | number)[]; value: number }[]): BlockIssue[] {
  const payments = site.payments;
  if (!payments || typeof payments !== 'object')
    return [
      {
        path: [],
        target: 'key',
        code: 'SW_PAYMENTS_MISSING',
        detail: 'This block takes money, but the site has no "payments:" section saying in which currency and through whom.',
        fix: `add at the top level:\n      payments:\n        currency: USD\n        provider: test${receiptsMissing(site, '/payment-success') ? `\n  and a page under "pages:" for receipts:\n${RECEIPT_PAGE('/payment-success')}` : ''}`,
        edit: { insert: 'payments:\n  currency: USD\n  provider: test' },
        editRoot: [],
        ...(receiptsMissing(site, '/payment-success') && { alsoEdit: [{ path: ['pages'], root: true, edit: { append: RECEIPT_ITEM('/payment-success') } }] }),
      },
    ];
  const issues: BlockIssue[] = [];
  if (typeof payments.currency !== 'string' || !isCurrency(payments.currency)) return issues; // reported once, at payments.currency
  for (const { path, value } of amounts) {
    if (authoredAmount(value, payments.currency) === undefined)
      issues.push({
        path,
        code: 'SW_AMOUNT',
        detail: `${value} has more digits after the point than ${payments.currency} has.`,
        fix: `write it with at most ${digits(payments.currency)} digits after the point: ${Number(value.toFixed(digits(payments.currency)))}`,
        edit: { value: String(Number(value.toFixed(digits(payments.currency)))) },
      });
  }
  const receipts = typeof payments.receipts === 'string' ? payments.receipts : '/payment-success';
  if (Array.isArray(site.pages)) {
    const page = site.pages.find((p) => p && typeof p === 'object' && p.path === receipts);
    if (!page?.blocks?.some((b) => b && typeof b === 'object' && b.type === 'receipt'))
      issues.push({
        path: [],
        target: 'key',
        code: 'SW_RECEIPT_PAGE',
        detail: page
          ? `Payers come back to ${receipts}, but that page has no receipt block to show them what they paid.`
          : `Payers come back to ${receipts} to see their receipt, but the site has no page there.`,
        fix: page ? `add "- type: receipt" to the blocks of ${receipts}.` : `add a page under "pages:":\n${RECEIPT_PAGE(receipts)}`,
        ...receiptEdit(site, receipts),
      });
  }
  return issues;
}

const digits = (currency: string) => numberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;

/** The page a payer or donor comes back to, as the lines of a list item without its "- ". */
const RECEIPT_ITEM = (path: string) => `path: ${path}\ntitle: Thank you\nnoindex: true\nblocks:\n  - type: receipt`;
export const RECEIPT_PAGE = (path: string) => `      - ${RECEIPT_ITEM(path).replace(/\n/g, '\n        ')}`;

const receiptsMissing = (site: Partial<SiteData>, path: string) =>
  Array.isArray(site.pages) && !site.pages.some((p) => p && typeof p === 'object' && p.path === path);

/** The fix of a missing receipt: the page added, or a receipt block added to the page that is there. */
export function receiptEdit(site: Partial<SiteData>, path: string): Pick<BlockIssue, 'edit' | 'editRoot'> {
  if (!Array.isArray(site.pages)) return {};
  const index = site.pages.findIndex((p) => p && typeof p === 'object' && p.path === path);
  if (index < 0) return { edit: { append: RECEIPT_ITEM(path) }, editRoot: ['pages'] };
  const page = site.pages[index];
  return Array.isArray(page?.blocks) && page.blocks.length ? { edit: { append: 'type: receipt' }, editRoot: ['pages', index, 'blocks'] } : {};
}

/** A YAML amount in minor units (checked at load, so it always converts). */
export const minorOf = (site: Site, value: number) => authoredAmount(value, currencyOf(site)) ?? 0;

/** An amount for people, in the site's language. */
export const money = (site: Site, minor: number) => formatMoney(minor, currencyOf(site), site.data.site.language);

/** A typed amount, in minor units between min and max (minor units too), or the message to show beside the field. */
export function typedAmount(site: Site, text: unknown, min: number, max: number): { minor: number } | { problem: string } {
  const parsed = parseAmount(typeof text === 'string' ? text : '', currencyOf(site));
  if ('problem' in parsed) return parsed;
  if (parsed.minor < min || parsed.minor > max) return { problem: `Please enter an amount from ${money(site, min)} to ${money(site, max)}.` };
  return parsed;
}

export const isEmail = (value: unknown): value is string => typeof value === 'string' && value.length <= 254 && new RegExp(EMAIL, 'u').test(value);

/**
 * The checks of every money post before its fields. A robot (the trap field filled, a missing or forged time stamp)
 * is answered as if it succeeded and nothing happens. A form sent sooner than a person fills one in, or open for
 * more than a day, comes back with every answer kept and what to do: the page again carries a new time stamp.
 */
export function robotCheck(input: ActionInput<unknown>, values: Record<string, unknown>): ActionResult | 'person' {
  const time = input.services.signer.checkTimeToken(input.body._t);
  if ((typeof input.body._hp === 'string' && input.body._hp !== '') || time === 'invalid') {
    input.log.info({ site: input.site.prefix, reason: input.body._hp ? 'trap' : time }, 'robot payment post discarded');
    return { kind: 'done', redirect: publicPath(input.site.prefix, input.target.path) };
  }
  if (time === 'too-fast') {
    input.log.info({ site: input.site.prefix }, 'a payment post sent faster than a person fills in a form: answers shown again');
    return { kind: 'refused', status: 422, state: { values, problem: MESSAGES.posts.tooQuick } };
  }
  if (time === 'expired')
    return {
      kind: 'refused',
      status: 422,
      state: { values, problem: 'This page was open for more than a day. Please check your answers and continue again.' },
    };
  return 'person';
}

/** The fields every money post may carry besides its own: the block's name, the time stamp and the trap. */
export const postFields = (key: string, own: Record<string, unknown>, required: string[]) => ({
  type: 'object',
  properties: {
    [key]: { type: 'string', maxLength: 80 },
    _t: { type: 'string', maxLength: 200 },
    _hp: { type: 'string', maxLength: 200 },
    ...own,
  },
  required: [key, ...required],
  additionalProperties: false,
});

/** The state this block shows for this request, when a post to it was refused. */
export function postedState(ctx: RenderContext, key: string): VisitorState | undefined {
  return ctx.visitor.posted?.key === key ? ctx.visitor.posted.state : undefined;
}

/**
 * A block's heading, unless it says the page's title again: the page's h1 already says it, and a
 * screen reader's list of headings (or the eye) would read "Your cart" twice in a row. The same
 * words are the same heading, whatever their capitals and punctuation ("Your cart!").
 */
export function ownHeading(ctx: Pick<RenderContext, 'target'>, heading: string | undefined): string | undefined {
  const same = (a: string) => a.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  return heading && ctx.target.page.title && same(heading) && same(heading) === same(ctx.target.page.title) ? undefined : heading;
}

export function TestModeNote() {
  const { site } = useRender();
  return site.data.payments?.provider === 'stripe' ? null : <TestModeText />;
}

/**
 * The frame every money form shares: a labelled section with its heading and intro, the test-mode
 * note, and a form that posts to its own page with the error summary, the hidden fields and the
 * button around the block's own fields.
 */
export function MoneyForm({
  className,
  anchor,
  id,
  heading,
  label,
  intro,
  post,
  state,
  submit,
  testNote = true,
  before,
  children,
}: {
  className: string;
  /** The section's id, for links to it (the block's own name). */
  anchor: string;
  /** The prefix of every field's id. */
  id: string;
  heading?: string;
  /** The section's name for screen readers when it has no heading. */
  label: string;
  intro?: string;
  /** The hidden field that says which block on the page a post is for. */
  post: { name: string; value: string };
  state?: VisitorState;
  submit: string;
  testNote?: boolean;
  /** Shown between the intro and the form (an answer to the last post). */
  before?: ReactNode;
  children: ReactNode;
}) {
  const ctx = useRender();
  const headingId = `${id}-heading`;
  heading = ownHeading(ctx, heading);
  return (
    <section className={className} id={anchor} aria-labelledby={heading ? headingId : undefined} aria-label={heading ? undefined : label}>
      <div className="container">
        {heading ? <h2 id={headingId}>{heading}</h2> : null}
        {intro ? <Markdown source={intro} /> : null}
        {testNote ? <TestModeNote /> : null}
        {before}
        <form method="post" action={`${ctx.actionOrigin ?? ''}${publicPath(ctx.site.prefix, ctx.target.path)}`}>
          <ErrorSummary id={id} state={state} fields={{}} />
          <PostHidden name={post.name} value={post.value} token={ctx.visitor.token} id={id} />
          {children}
          <button type="submit" className="button">
            {submit}
          </button>
        </form>
      </div>
    </section>
  );
}
