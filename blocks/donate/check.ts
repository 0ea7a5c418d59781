/** What the donate block checks in its props when the site loads, beyond its schema. */
import type { SiteData } from '../../schema/site.ts';
import { moneyIssues, RECEIPT_PAGE, receiptEdit } from '../money.tsx';
import type { BlockIssue } from '../contract.ts';
import type { DonateProps } from './schema.ts';

export function donateIssues(props: DonateProps, site: Partial<SiteData>): BlockIssue[] {
  const issues = moneyIssues(site, [
    ...props.presets.map((value, i) => ({ path: ['presets', i], value })),
    ...(props.other
      ? [
          { path: ['other', 'min'], value: props.other.min },
          { path: ['other', 'max'], value: props.other.max },
        ]
      : []),
  ]);
  props.presets.forEach((value, i) => {
    if (props.presets.indexOf(value) !== i)
      issues.push({
        path: ['presets', i],
        code: 'SW_NOT_UNIQUE',
        detail: `${value} is suggested twice.`,
        fix: 'remove one of them, or change it to another amount.',
      });
  });
  if (props.other && props.other.min > props.other.max)
    issues.push({
      path: ['other', 'min'],
      code: 'SW_AMOUNT',
      detail: `The smallest gift (${props.other.min}) is above the largest (${props.other.max}).`,
      fix: `swap them: min: ${props.other.max} and max: ${props.other.min}.`,
      edit: { value: String(props.other.max) },
      alsoEdit: [{ path: ['other', 'max'], edit: { value: String(props.other.min) } }],
    });
  const pages = Array.isArray(site.pages) ? site.pages.filter((p) => p && typeof p === 'object') : undefined;
  if (props.thankYou && pages) {
    const page = pages.find((p) => p.path === props.thankYou);
    if (!page?.blocks?.some((b) => b && typeof b === 'object' && b.type === 'receipt'))
      issues.push({
        path: ['thankYou'],
        code: 'SW_RECEIPT_PAGE',
        detail: page
          ? `Donors come back to ${props.thankYou}, but that page has no receipt block to show them what they gave.`
          : `Donors come back to ${props.thankYou} to see their receipt, but the site has no page there.`,
        fix: page ? `add "- type: receipt" to the blocks of ${props.thankYou}.` : `add a page under "pages:":\n${RECEIPT_PAGE(props.thankYou)}`,
        ...receiptEdit(site, props.thankYou),
      });
  }
  // A post names its form by this name: two on one page could not be told apart.
  const twice = pages?.some(
    (p) =>
      Array.isArray(p.blocks) &&
      p.blocks.filter((b) => b && typeof b === 'object' && b.type === 'donate' && (b as { donation?: unknown }).donation === props.donation).length > 1,
  );
  if (twice)
    issues.push({
      path: ['donation'],
      code: 'SW_NOT_UNIQUE',
      detail: `Two donate blocks on one page are both called "${props.donation}": a gift could not say which one it is for.`,
      fix: 'give each donate block on the page its own "donation:" name.',
    });
  return issues;
}
