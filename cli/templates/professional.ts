import { faq, link, page, richText, services, siteDocument, steps, team, teamPages, weekdays, type Template } from './shared.ts';

export const professional: Template = {
  label: 'Consulting or agency (insurance, engineering, design)',
  hint: 'services, approach, team, FAQ',
  group: 'Professional',
  kind: 'consulting',
  synonyms: ['consultant', 'consulting', 'agency', 'insurance', 'engineering', 'design', 'coach', 'marketing'],
  build: (a) =>
    siteDocument(a, {
      kind: 'consulting',
      tagline: `Practical advice for businesses in ${a.town}`,
      description: `${a.name} helps owners of small and mid-sized businesses in ${a.town} make decisions with clear numbers and plain advice.`,
      hours: weekdays('09:00', '17:00'),
      theme: { colors: { primary: '#263b5e', accent: '#0f766e' }, fonts: { heading: 'geometric', body: 'system' }, corners: 'square' },
      nav: [
        ['Services', '/services'],
        ['Team', '/team'],
        ['About', '/about'],
      ],
      footer: `${a.name}, ${a.town}.`,
      hero: {
        heading: 'Clear advice, measurable results',
        text: 'We work alongside owners until the numbers move, then step back.',
        style: 'plain',
        actions: [link('How we work', '/services')],
      },
      home: [
        steps('How an engagement runs', [
          ['Listen', 'A free first conversation about where you are and where you want to be.'],
          ['Plan', 'A written proposal with a fixed fee and what you get for it.'],
          ['Deliver', 'Regular check-ins and a clear report at the end.'],
        ]),
      ],
      pages: [
        page(
          '/services',
          'Services',
          `What ${a.name} does for businesses: strategy reviews and operations work, for a fixed fee.`,
          services('What we do', [
            ['Strategy reviews', 'A clear-eyed look at the business and a plan for the next three years.', 'star'],
            ['Operations', 'Fewer bottlenecks, shorter lead times, better margins.', 'wrench'],
          ]),
          faq('Questions clients ask', [['How do you charge?', 'A fixed fee agreed in writing before we start.']]),
        ),
        ...teamPages('/team', 'Our team', `The people of ${a.name} you will work with.`, 'The people you will work with'),
        page('/about', 'About us', `${a.name}: an independent firm based in ${a.town}.`, richText(`${a.name} is an independent firm based in ${a.town}.`)),
      ],
      contactIntro: 'Call or e-mail to arrange a free first conversation.',
      collections: {
        team: team(['Sam Rivera', 'Founder', `Sam founded ${a.name} after fifteen years running operations for manufacturers.`]),
      },
    }),
};
