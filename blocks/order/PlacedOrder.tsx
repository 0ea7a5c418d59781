/** An order as its guest sees it through the link in their confirmation: what, when, and whether it is paid. */
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
            <table className="checkout-lines order-placed-lines">
              <caption className="visually-hidden">What you ordered</caption>
              <thead>
                <tr>
                  <th scope="col">Dish</th>
                  <th scope="col">Quantity</th>
                  <th scope="col">Price</th>
                </tr>
              </thead>
              <tbody>
                {placed.lines.map((l) => (
                  <tr key={l.id}>
                    <th scope="row">
                      {l.name}
                      {l.options.length ? <span className="order-line-options">{l.options.join(', ')}</span> : null}
                    </th>
                    <td>{l.quantity}</td>
                    <td>{l.total}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                {placed.fee ? (
                  <tr>
                    <th scope="row" colSpan={2}>
                      Delivery
                    </th>
                    <td>{placed.fee}</td>
                  </tr>
                ) : null}
                <tr>
                  <th scope="row" colSpan={2}>
                    Total
                  </th>
                  <td>{placed.total}</td>
                </tr>
              </tfoot>
            </table>
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
