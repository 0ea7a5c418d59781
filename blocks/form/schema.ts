import { Type, type Static } from '@sinclair/typebox';
import { Enum, Href, Markdown, Slug, Text } from '../../schema/common.ts';
import { Field, type FormField } from '../kits/fields/schema.ts';

export type { FormField };

const Section = Type.Object(
  {
    heading: Text('The heading of this part of the form.'),
    intro: Type.Optional(Text('A sentence under the heading.')),
    fields: Type.Array(Field, { minItems: 1, description: 'The questions in this part.' }),
  },
  { additionalProperties: false, description: 'A part of a long form, with its own heading.' },
);

export const formProps = Type.Object(
  {
    form: Slug('The form\'s name, unique in the site: submissions are stored and exported under it, such as "contact" or "virtual-assessment".'),
    heading: Type.Optional(Text('The heading above the form.')),
    intro: Type.Optional(Markdown('A few words above the form.')),
    fields: Type.Optional(Type.Array(Field, { minItems: 1, description: 'The questions, for a short form. A long form uses "sections" instead.' })),
    sections: Type.Optional(Type.Array(Section, { minItems: 1, description: 'The questions in parts with headings, for a long form.' })),
    submit: Text('The words on the send button.', { default: 'Send' }),
    success: Text('What visitors see after sending, when there is no thank-you page.', {
      default: 'Thank you — your message has been sent. We will reply soon.',
    }),
    thankYou: Type.Optional(
      Href('A page to go to after sending, such as "/thank-you". On a page made per item it can use the item\'s slug: "/{slug}/thank-you".'),
    ),
    purpose: Enum(
      ['message', 'registration', 'newsletter'],
      'message stores a submission; registration counts places against "capacity"; newsletter adds a contact who confirms by e-mail.',
      { default: 'message' },
    ),
    capacity: Type.Optional(
      Type.Integer({ minimum: 1, description: 'For a registration: how many places there are. Once full, further registrations are refused.' }),
    ),
    full: Text('What to say when a registration is full.', { default: 'Sorry, this is full: every place has been taken.' }),
    repeats: Type.Boolean({
      default: false,
      description:
        'For a registration: whether one e-mail address may take more than one place (someone signing up a family). By default a second registration with the same address is refused, so one visitor cannot take every place.',
    }),
    retainDays: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 3650,
        description:
          'How many days submissions of this form are kept. Older ones, and the files sent with them, are deleted each day. Left out, they are kept until someone erases them.',
      }),
    ),
    personal: Type.Boolean({
      default: false,
      description: 'The form asks for sensitive personal data (an application): its page is never stored in any cache.',
    }),
    autoReply: Type.Optional(
      Type.Object(
        {
          subject: Text("The subject of the reply. {site} is replaced by the site's name.", {
            maxLength: 150,
            default: 'Thank you for contacting {site}',
          }),
          text: Text("The reply itself, in plain text. {site} is replaced by the site's name; nothing the visitor typed is ever repeated in it.", {
            maxLength: 5000,
          }),
        },
        {
          additionalProperties: false,
          description:
            "An e-mail sent to the address the visitor typed into the form's e-mail question, once the submission is stored: at most one an hour to one address from the site, so the form cannot be used to mail strangers.",
        },
      ),
    ),
    notify: Type.Optional(
      Type.String({
        format: 'email',
        title: 'an e-mail address',
        description: 'Who gets an e-mail for each submission. Defaults to the site\'s "notify" address, then its e-mail address.',
        examples: ['office@example.com'],
      }),
    ),
  },
  { additionalProperties: false },
);
export type FormProps = Static<typeof formProps>;

/** Every question of a form, from its plain list or its sections. */
export const allFields = (p: Pick<FormProps, 'fields' | 'sections'>): FormField[] => [...(p.fields ?? []), ...(p.sections ?? []).flatMap((s) => s.fields)];
