/** An order as its guest sees it through the link in their confirmation: what, when, and whether it is paid. */
import { OrderLinesTable } from '../money-form.tsx';
import type { PlacedView } from './view-types.ts';

export function PlacedOrder({ id, placed, page }: { id: string; placed?: PlacedView; page: string }) {
  return (
    <section className="order-block order-placed" id={id} aria-labelledby={`${id}-heading`}>
      <div className="container">
        <h2 id={`${id}-heading`}>{placed ? `Your order ${placed.number}` : 'No order to show'}</h2>
        {placed ? (
          <>
            <dl className="order-details">
              <dt>Status</dt>
              <dd>
                <strong>{placed.status}</strong>
              </dd>
              <dt>{placed.fulfilment === 'delivery' ? 'Delivery' : 'Pickup'}</dt>
              <dd>{placed.when}</dd>
              {placed.address ? (
                <>
                  <dt>Deliver to</dt>
                  <dd>{placed.address}</dd>
                </>
              ) : null}
              <dt>Payment</dt>
              <dd>{placed.paid}</dd>
              {placed.note ? (
                <>
                  <dt>Note for the kitchen</dt>
                  <dd>{placed.note}</dd>
                </>
              ) : null}
            </dl>
            <OrderLinesTable
              className="checkout-lines order-placed-lines"
              caption="What you ordered"
              thing="Dish"
              lines={placed.lines.map((l) => ({
                key: l.id,
                name: (
                  <>
                    {l.name}
                    {l.options.length ? <span className="order-line-options">{l.options.join(', ')}</span> : null}
                  </>
                ),
                quantity: l.quantity,
                total: l.total,
              }))}
              sums={[...(placed.fee ? [{ label: 'Delivery', value: placed.fee }] : []), { label: 'Total', value: placed.total }]}
            />
          </>
        ) : (
          <p>This link does not name an order. Please use the link in your confirmation e-mail.</p>
        )}
        <p>
          <a href={page}>Start a new order</a>
        </p>
      </div>
    </section>
  );
}
