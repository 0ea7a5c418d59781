import type { BlockData } from '../../schema/common.ts';

export interface Answers {
  prefix: string;
  name: string;
  town: string;
  phone: string;
  email: string;
}

export interface Page {
  path: string;
  title?: string;
  description?: string;
  from?: string;
  blocks?: BlockData[];
  [key: string]: unknown;
}

/** The pages every small-business site has besides its own: contact, privacy policy and terms. */
export function standardPages(a: Answers, opts: { contactIntro: string }): Page[] {
  return [
    {
      path: '/contact',
      title: 'Contact us',
      description: `How to reach ${a.name} in ${a.town}: phone, e-mail, address and opening hours.`,
      blocks: [{ type: 'contact-details', heading: 'Get in touch', notes: opts.contactIntro }],
    },
    {
      path: '/privacy-policy',
      title: 'Privacy policy',
      description: `How ${a.name} collects, uses and protects your personal information.`,
      blocks: [
        {
          type: 'rich-text',
          markdown: `${a.name} collects only the information you give us when you call, e-mail or visit: your name, how to reach you and what you need from us.\n\n## How we use it\n\nWe use it to answer you and to provide the service you ask for. We do not sell or rent it to anyone.\n\n## How long we keep it\n\nWe keep records for as long as the law requires for our business and delete the rest when it is no longer needed.\n\n## Your choices\n\nYou can ask to see, correct or delete what we hold about you by writing to [${a.email}](mailto:${a.email}).`,
        },
      ],
    },
    {
      path: '/terms',
      title: 'Terms of use',
      description: `The terms that apply when you use the ${a.name} website.`,
      blocks: [
        {
          type: 'rich-text',
          markdown: `This website is run by ${a.name} in ${a.town}. The information on it is given in good faith; prices and opening hours can change, so please confirm details with us before you rely on them.\n\nText on this site belongs to ${a.name}. You may share links to it freely.\n\nQuestions about these terms: [${a.email}](mailto:${a.email}) or ${a.phone}.`,
        },
      ],
    },
  ];
}

export const legalLinks = [
  { label: 'Privacy policy', href: '/privacy-policy' },
  { label: 'Terms of use', href: '/terms' },
];

export const weekdays = (opens: string, closes: string) => [{ days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'], opens, closes }];
