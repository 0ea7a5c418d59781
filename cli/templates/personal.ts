import { link, page, richText, siteDocument, today, type Template } from './shared.ts';

export const personal: Template = {
  label: 'Personal site',
  hint: 'about, work, writing',
  group: 'Personal',
  kind: 'personal',
  synonyms: ['portfolio', 'blog', 'freelancer', 'cv', 'resume'],
  build: (a) =>
    siteDocument(a, {
      kind: 'personal',
      tagline: `Based in ${a.town}`,
      description: `${a.name}: work, writing and how to get in touch.`,
      address: false,
      theme: { colors: { primary: '#334155', accent: '#b45309' }, fonts: { heading: 'old-style', body: 'old-style' }, corners: 'soft' },
      nav: [
        ['Work', '/work'],
        ['Writing', '/blog'],
        ['About', '/about'],
      ],
      footer: `${a.name}, ${a.town}.`,
      hero: {
        heading: `Hello, I'm ${a.name}`,
        text: `I live and work in ${a.town}. Here is what I do and what I am thinking about.`,
        style: 'plain',
        actions: [link('See my work', '/work')],
      },
      home: [{ type: 'blog-index', heading: 'Recent writing', collection: 'posts' }],
      pages: [
        page(
          '/work',
          'Work',
          `The projects ${a.name} takes on, and how to start one together.`,
          richText(
            'I take on a handful of projects each year, so each one gets my full attention. Write to me about yours: what it is, when it needs to be done and what a good result looks like to you.',
          ),
        ),
        page('/blog', 'Writing', `Notes and essays by ${a.name}.`, { type: 'blog-index', collection: 'posts' }),
        { path: '/blog/{slug}', from: 'posts' },
        page('/about', 'About', `About ${a.name}, who lives and works in ${a.town}.`, richText(`${a.name} lives in ${a.town}.`)),
      ],
      contactIntro: 'E-mail is the best way to reach me.',
      collections: {
        posts: {
          kind: 'post',
          items: [
            {
              title: 'Why I started this site',
              date: today(),
              author: a.name,
              category: 'Notes',
              body: 'A place to keep my work and my notes together, and to hear from people who find them useful.',
            },
          ],
        },
      },
    }),
};
