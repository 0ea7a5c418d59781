/** One order as its signed link shows it: its status, lines and sums, where it goes (or where to collect it), its gift cards' codes; or a note that the link names no order. */
import { OrderLinesTable } from '../money-form.tsx';
import type { OrderView, ShopView } from './shop-view.ts';

export function OrderPanel({ view, order }: { view: ShopView; order?: OrderView }) {
  return (
    <section className="shop-block" id={view.id} aria-labelledby={`${view.id}-heading`}>
      <div className="container">
        <h2 id={`${view.id}-heading`}>{order ? `Your order ${order.number}` : 'No order to show'}</h2>
        {order ? (
          <>
            <p className="shop-status">
              <strong>{order.status}</strong>
            </p>
            <OrderLinesTable
              caption={`What order ${order.number} holds`}
              thing="Item"
              lines={order.lines.map((l) => ({ key: l.name, name: l.name, quantity: l.quantity, total: l.total }))}
              sums={[
                { label: 'Items', value: order.subtotal },
                { label: order.delivery.label, value: order.delivery.fee },
                { label: 'Total', value: order.total },
              ]}
            />
            <h3>{order.place.heading}</h3>
            <p>
              {order.place.lines.map((line, i) => (
                <span key={i} className="shop-address-line">
                  {line}
                </span>
              ))}
            </p>
            {order.cards ? (
              <>
                <h3>{order.cards.length === 1 ? 'Your gift card' : 'Your gift cards'}</h3>
                <ul className="shop-cards">
                  {order.cards.map((card) => (
                    <li key={card}>{card}</li>
                  ))}
                </ul>
              </>
            ) : null}
            <p className="muted">{`Ordered on ${order.placed}.`}</p>
          </>
        ) : (
          <p>This link does not name an order. Please use the link in your confirmation e-mail.</p>
        )}
        {view.shop ? (
          <p>
            <a href={view.shop}>Back to the shop</a>
          </p>
        ) : null}
      </div>
    </section>
  );
}
