/**
 * The order page, drawn from a view the server works out (view.ts): the menu with a form per dish,
 * the visitor's order with its total, and the form that places it; or one order named by its
 * signed link. Without JavaScript every form posts and the page comes back. In the browser the
 * island sends the cart's forms itself: the cart and its total change in place, the news is read
 * out, and a refusal shows beside its field; anything it cannot show sends the form as usual.
 */
import { useRef, useState, type FormEvent } from 'react';
import type { VisitorState } from '../contract.ts';
import { CartPanel } from './CartPanel.tsx';
import { Checkout } from './Checkout.tsx';
import { DishForm } from './DishForm.tsx';
import { PlacedOrder } from './PlacedOrder.tsx';
import { postForm } from './post.ts';
import type { CartView, OrderPageView } from './view-types.ts';

/** The island: `view` comes from the server (`islandProps`); the YAML props travel beside it and are not read. */
export function OrderPage({ view }: { view?: OrderPageView; [yaml: string]: unknown }) {
  const [cart, setCart] = useState<CartView | undefined>(view?.cart);
  const [state, setState] = useState<VisitorState | undefined>(view?.state);
  const [news, setNews] = useState('');
  const sending = useRef(false);
  if (!view || !cart) return null;
  if (view.placed || view.unknownOrder) return <PlacedOrder id={view.anchor} placed={view.placed} page={view.page} />;
  const { id } = view;
  const posted = state?.values?.do;

  /** A cart form sent in place; the form itself is sent when the answer is not one to show here. */
  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (sending.current) return;
    sending.current = true;
    void postForm(form, submitter)
      .then((answer) => {
        if (!answer) return form.submit();
        if (answer.ok) {
          setState(undefined);
          if (answer.cart) setCart(answer.cart);
          setNews(`${answer.message ?? 'Your order is updated.'} Total: ${answer.cart?.subtotal ?? cart.subtotal}.`);
          return;
        }
        const { ok: _ok, result, ...refused } = answer;
        if (result?.cart) setCart(result.cart);
        setState(refused);
        setNews(refused.problem ?? Object.values(refused.errors ?? {})[0] ?? '');
      })
      .finally(() => {
        sending.current = false;
      });
  };

  return (
    <section className="order-block" id={view.anchor} aria-labelledby={`${id}-heading`}>
      <div className="container">
        <h2 id={`${id}-heading`}>{view.heading}</h2>
        {view.introHtml ? <div className="prose" dangerouslySetInnerHTML={{ __html: view.introHtml }} /> : null}
        <p className="order-jump">
          <a href={`#${id}-cart`}>
            {cart.count ? `Your order: ${cart.count} ${cart.count === 1 ? 'item' : 'items'}, ${cart.subtotal}` : 'Your order is empty'}
          </a>
        </p>
        {posted === 'add' && state?.problem ? (
          <p className="field-error" role="alert">
            {state.problem}
          </p>
        ) : null}
        <div className="order-layout">
          <div className="order-menu">
            {view.sections.map((section, s) => (
              <div className="order-section" key={s}>
                <h3>{section.name}</h3>
                {section.description ? <p className="order-section-description">{section.description}</p> : null}
                <ul className="order-dishes">
                  {section.dishes.map((dish) => (
                    <DishForm
                      key={`${dish.id}-${posted === 'add' && state?.values?.item === dish.id ? 'posted' : ''}`}
                      dish={dish}
                      id={`${id}-dish-${dish.id}`}
                      action={`${view.action}#${id}-dish-${dish.id}`}
                      blockKey={view.key}
                      currency={view.currency}
                      locale={view.locale}
                      state={posted === 'add' && state?.values?.item === dish.id ? state : undefined}
                      onSubmit={send}
                    />
                  ))}
                </ul>
              </div>
            ))}
            <p className="order-menu-link">
              <a href={view.menuHref}>See the menu as it is served in the restaurant</a>
            </p>
          </div>
          <div className="order-aside">
            <CartPanel
              cart={cart}
              id={id}
              action={`${view.action}#${id}-cart`}
              blockKey={view.key}
              state={posted === 'change' || posted === 'remove' ? state : undefined}
              news={news}
              onSubmit={send}
            />
            <Checkout
              checkout={view.checkout}
              id={id}
              action={`${view.action}#${id}-checkout`}
              blockKey={view.key}
              token={view.token}
              testMode={view.testMode}
              state={posted === 'place' ? state : undefined}
            />
          </div>
        </div>
      </div>
    </section>
  );
}
