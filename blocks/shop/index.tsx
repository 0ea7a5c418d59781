import { cartRetention } from '../kits/selling/cart.ts';
import { publicPath } from '../../runtime/render/page-path.ts';
import { moneyIssues } from '../money.tsx';
import { defineBlock, type ActionInput, type ActionResult, type BlockAction, type BlockIssue } from '../contract.ts';
import type { SiteData } from '../../schema/site.ts';
import { readCart, type CartContents } from '../kits/selling/shop-cart.ts';
import { changeCart, addToCart } from '../kits/selling/changes.ts';
import { catalogueIssues } from './checks.ts';
import { shopDesk } from './desk.ts';
import { checkout } from './checkout.ts';
import { shopBody, type ShopAction } from '../kits/selling/shop-body.ts';
import { stockOf } from '../kits/selling/levels.ts';
import { shopPaid } from './paid.ts';
import { cardsRefunded, sendCardsDue } from './gift-cards.ts';
import { siteAddress } from './delivery.ts';
import { shopProps, type ShopProps } from './schema.ts';
import { carts, stock } from '../kits/selling/records.ts';
import { orderSteps } from './records.ts';
import { ShopCart } from './ShopCart.tsx';
import { orderStatus } from './status.ts';
import { cartView, shopView, type ShopLoaded } from './view.ts';

async function handle(input: ActionInput<ShopProps>): Promise<ActionResult> {
  const { site, props, services, cookies } = input;
  const answer = await dispatch(input);
  if (answer.kind === 'done') return answer;
  // The page (or a script) is drawn again from the cart as the post read it, or as it is now.
  const read = (answer.state.result as { cart?: CartContents } | undefined)?.cart ?? (await readCart(site, services, props.collection, cookies));
  return { ...answer, state: { ...answer.state, result: { cart: cartView(site, props, read) } } };
}

async function dispatch(input: ActionInput<ShopProps>): Promise<ActionResult> {
  const { site, target, props, body, services, cookies } = input;
  const page = publicPath(site.prefix, target.path);
  // Anything but the shop's own fields (a price, a total), or a field sent twice: not from this page.
  if (!input.validate(body)) return { kind: 'refused', status: 400, state: { problem: 'The form could not be read. Please try again from the shop.' } };
  switch (body._shop as ShopAction) {
    case 'add':
      return addToCart(input, props.collection, page, page);
    case 'checkout':
      return checkout(input);
    default: {
      const done = await changeCart(input, props.collection, page, body._shop === 'remove');
      if (done.kind !== 'done') return done;
      // A script is answered with the cart as it is now, to draw in place.
      const view = cartView(site, props, await readCart(site, services, props.collection, cookies));
      return { ...done, json: { ...done.json, view, message: body._shop === 'remove' ? 'Taken out of your cart.' : 'Your cart is changed.' } };
    }
  }
}

const shopAction: BlockAction<ShopProps> = {
  accepts: (_props, body) => typeof body._shop === 'string',
  key: (props) => `shop:${props.collection}`,
  bodySchema: shopBody,
  handle,
};

export const shop = defineBlock({
  type: 'shop',
  title: 'Shop cart and checkout',
  description:
    "A shop's cart and checkout: the visitor changes quantities, chooses shipping, local delivery or collecting in store and pays on the provider's checkout; what was bought is kept for them while they pay and never sold twice. Gift cards among the products are issued on the site's gift ledger and e-mailed with their codes once paid. The order's own page is here too, through the link in its confirmation.",
  props: shopProps,
  Component: ShopCart,
  island: { module: './ShopCart.tsx', export: 'ShopCart' },
  islandProps: (props, ctx) => ({ view: shopView(props, ctx) }),
  perRequest: ['token'],
  action: shopAction,
  records: [carts, stock, orderSteps],
  retain: (props) => [cartRetention(`shop-${props.collection}`)],
  example: {
    collection: 'products',
    heading: 'Your cart',
    intro: 'Orders placed by 2 pm on a working day leave the same day. Unopened items can be returned within 30 days.',
    shipping: { label: 'Shipping by USPS Ground', note: 'Usually 3 to 5 working days.' },
    local: { label: 'Local delivery', fee: 5, postalCodes: ['45318', '45319'], note: 'Dropped at your door within two working days.' },
    collect: { label: 'Collect from the shop', fee: 0, where: 'our shop at 12 Mill Lane, Larkfield', when: 'Monday to Saturday, 9 am to 5 pm' },
    holdMinutes: 15,
    submit: 'Continue to payment',
  },
  async load({ site, props, query, cookies, services }): Promise<ShopLoaded> {
    const cart = await readCart(site, services, props.collection, cookies);
    if (query.order === undefined) return { cart };
    const order = await orderStatus(site, services, query.order);
    return order ? { cart, order } : { cart, unknownOrder: true };
  },
  paid: shopPaid,
  refunded: cardsRefunded,
  deskBoards: [shopDesk],
  // A lapsed hold already frees its units; this marks it so, for the data tools. Gift cards whose e-mail failed go again.
  async scheduled({ site, props, services, log, now }) {
    const released = await stockOf(services.store).sweep(site.prefix, now);
    if (released) log.info({ site: site.prefix, released }, 'lapsed stock holds released');
    await sendCardsDue(site, props.collection, services, log, now);
  },
  check(props, site) {
    const amounts = [
      ...(props.local ? [{ path: ['local', 'fee'], value: props.local.fee }] : []),
      ...(props.collect ? [{ path: ['collect', 'fee'], value: props.collect.fee }] : []),
    ];
    const nowhere: BlockIssue[] =
      props.collect && !props.collect.where && !(site.site && siteAddress({ data: site as SiteData }))
        ? [
            {
              path: ['collect'],
              target: 'key',
              code: 'SW_MISSING_KEY',
              detail: 'Orders can be collected in store, but neither the block nor the site says where.',
              fix: 'add "where:" under "collect:", such as "where: the workshop at 12 Mill Lane, Larkfield", or give the site its "address:".',
            },
          ]
        : [];
    return [...moneyIssues(site, amounts), ...nowhere, ...catalogueIssues(site, props.collection)];
  },
});
