import { legalLinks, standardPages, type Answers } from './shared.ts';

export const personal = {
  label: 'Personal site',
  hint: 'about, work, writing',
  kind: 'personal' as const,
  build: (a: Answers) => ({
    site: {
      name: a.name,
      kind: 'personal',
      tagline: `Based in ${a.town}`,
      description: `${a.name}: work, writing and how to get in touch.`,
      phone: a.phone,
      email: a.email,
    },
    theme: { colors: { primary: '#334155', accent: '#b45309' }, fonts: { heading: 'old-style', body: 'old-style' }, corners: 'soft' },
    navigation: [
      { label: 'Home', href: '/' },
      { label: 'Work', href: '/services' },
      { label: 'Writing', href: '/blog' },
      { label: 'About', href: '/about' },
      { label: 'Contact', href: '/contact' },
    ],
    footer: { text: `${a.name}, ${a.town}.`, links: legalLinks },
    pages: [
      {
        path: '/',
        title: a.name,
        blocks: [
          {
            type: 'hero',
            heading: `Hello, I'm ${a.name}`,
            text: `I live and work in ${a.town}. Here is what I do and what I am thinking about.`,
            style: 'plain',
            actions: [{ label: 'See my work', href: '/services' }],
          },
          { type: 'blog-index', heading: 'Recent writing', collection: 'posts' },
        ],
      },
      {
        path: '/services',
        title: 'Work',
        blocks: [
          {
            type: 'rich-text',
            markdown:
              'I take on a handful of projects each year, so each one gets my full attention. Write to me about yours: what it is, when it needs to be done and what a good result looks like to you.',
          },
        ],
      },
      { path: '/blog', title: 'Writing', blocks: [{ type: 'blog-index', collection: 'posts' }] },
      { path: '/blog/{slug}', from: 'posts' },
      { path: '/about', title: 'About', blocks: [{ type: 'rich-text', markdown: `${a.name} lives in ${a.town}.` }] },
      ...standardPages(a, { contactIntro: 'E-mail is the best way to reach me.' }),
    ],
    collections: {
      posts: {
        kind: 'post',
        items: [
          {
            title: 'Why I started this site',
            date: new Date().toISOString().slice(0, 10),
            author: a.name,
            category: 'Notes',
            body: 'A place to keep my work and my notes together, and to hear from people who find them useful.',
          },
        ],
      },
    },
  }),
};
