import { Type } from '@sinclair/typebox';
import { Action, Enum, Phone, Text } from '../../schema/common.ts';
import { useHref } from '../../runtime/render/context.tsx';
import { defineBlock, type BlockIssue } from '../contract.ts';

const props = Type.Object(
  {
    heading: Text('The invitation, such as "Ready for a brighter smile?".', { maxLength: 100 }),
    text: Type.Optional(Text('A sentence that removes a doubt, such as "New patients are seen within a week."', { maxLength: 300 })),
    actions: Type.Optional(Type.Array(Action, { minItems: 1, maxItems: 2, description: 'One or two buttons.' })),
    phone: Type.Optional(Phone('A phone number to show as a "Call" link beside the buttons.')),
    style: Enum(
      ['brand', 'accent', 'surface'],
      'brand fills the band with the primary colour; accent with the accent colour; surface is a quiet light panel.',
      {
        default: 'brand',
      },
    ),
  },
  { additionalProperties: false },
);

const telHref = (phone: string) => `tel:${phone.replace(/[^0-9+]/g, '')}`;

export const cta = defineBlock({
  type: 'cta',
  title: 'Call to action',
  description: 'A coloured band that asks visitors to take the next step: a heading, a sentence, buttons and an optional phone number.',
  props,
  Component({ heading, text, actions, phone, style = 'brand' }) {
    const href = useHref();
    return (
      <section className="block cta">
        <div className="container">
          <div className={`cta-panel cta-${style}`}>
            <div className="cta-copy">
              <h2 className="cta-heading">{heading}</h2>
              {text ? <p className="cta-text">{text}</p> : null}
            </div>
            <p className="cta-actions">
              {actions?.map((a) => (
                <a key={a.href + a.label} className={`button button-${a.style ?? 'primary'}`} href={href(a.href)}>
                  {a.label}
                </a>
              ))}
              {phone ? (
                <a className="cta-phone" href={telHref(phone)}>
                  Call {phone}
                </a>
              ) : null}
            </p>
          </div>
        </div>
      </section>
    );
  },
  example: {
    heading: 'New patients welcome',
    text: 'Most first visits are booked within a week, and we will check your insurance before you arrive.',
    actions: [{ label: 'Book a visit', href: '/contact', style: 'primary' }],
    phone: '(555) 555-0142',
    style: 'brand',
  },
  check(p) {
    const issues: BlockIssue[] = [];
    if (!p.actions?.length && !p.phone) {
      issues.push({
        path: [],
        target: 'key',
        code: 'SW_MISSING_KEY',
        detail: 'This call to action has neither "actions" nor "phone", so it gives visitors nothing to do.',
        fix: 'add "actions:" with a button (label and href), or "phone:" with a number to call.',
      });
    }
    return issues;
  },
});
