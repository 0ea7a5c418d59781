import { choice, enquiry, field } from './forms.ts';
import { call, faq, link, page, prices, services, siteDocument, steps, team, teamPages, weekdays, type Template } from './shared.ts';

export const clinic: Template = {
  label: 'Clinic or physiotherapy',
  hint: 'treatments, appointment requests, practitioners, fees',
  group: 'Health & care',
  kind: 'medical-clinic',
  synonyms: ['physio', 'physiotherapy', 'chiropractor', 'doctor', 'osteopath', 'medical', 'therapist'],
  build: (a) =>
    siteDocument(a, {
      kind: 'medical-clinic',
      tagline: `Physiotherapy and sports injury care in ${a.town}`,
      description: `${a.name} treats back pain, sports injuries and recovery after surgery in ${a.town}, with hands-on physiotherapy and exercise plans you can follow at home.`,
      hours: [...weekdays('07:30', '19:00'), { days: ['saturday'], opens: '08:00', closes: '12:00' }],
      theme: { colors: { primary: '#115e59', accent: '#1d4ed8' }, fonts: { heading: 'humanist', body: 'system' }, corners: 'soft' },
      nav: [
        ['Treatments', '/treatments'],
        ['Practitioners', '/practitioners'],
        ['Fees', '/fees'],
        ['Appointments', '/appointments'],
      ],
      footer: `${a.name}, ${a.town}. In an emergency, call 911.`,
      hero: {
        eyebrow: `Seen within a few days in ${a.town}`,
        heading: 'Move without pain again',
        text: 'A proper assessment, hands-on treatment and exercises that fit into your day.',
        actions: [link('Request an appointment', '/appointments'), call(a)],
      },
      home: [
        services('What we treat', [
          ['Back and neck pain', 'Find the cause, ease the pain and stop it coming back.', 'heart'],
          ['Sports injuries', 'Sprains, strains and tendon problems, with a plan back to your sport.', 'star'],
          ['After surgery', 'Rehabilitation after joint replacements, fractures and ligament repairs.', 'shield'],
        ]),
        steps('How treatment works', [
          ['Assessment', 'Forty-five minutes to understand what hurts, when and why.'],
          ['Treatment', 'Hands-on care and the right exercises, explained as we go.'],
          ['Your plan', 'Exercises for home and a clear idea of how many visits you will need.'],
        ]),
      ],
      pages: [
        page(
          '/treatments',
          'Treatments',
          `Physiotherapy, sports massage, acupuncture and rehabilitation classes at ${a.name}.`,
          services('Treatments', [
            ['Physiotherapy', 'Assessment, manual therapy and a graded exercise plan.', 'check'],
            ['Sports massage', 'Deep tissue work for training loads and tight muscles.', 'leaf'],
            ['Acupuncture', 'Dry needling alongside physiotherapy for stubborn pain.', 'star'],
            ['Rehab classes', 'Small supervised groups to rebuild strength after injury.', 'calendar'],
          ]),
        ),
        ...teamPages('/practitioners', 'Practitioners', `The physiotherapists and therapists at ${a.name}.`, 'Who will treat you'),
        page(
          '/fees',
          'Fees and insurance',
          `What appointments at ${a.name} cost, and how insurance and doctors’ referrals work.`,
          prices(
            'Fees',
            {
              Physiotherapy: [
                ['First assessment and treatment', '$95', '45 minutes'],
                ['Follow-up treatment', '$70', '30 minutes'],
              ],
              'Other treatments': [
                ['Sports massage', '$65', '45 minutes'],
                ['Rehab class', '$20', 'Up to six people'],
              ],
            },
            { itemLabel: 'Treatment', footnote: 'Most health insurance plans cover physiotherapy; you do not need a doctor’s referral to see us.' },
          ),
          faq('Insurance and referrals', [
            ['Do I need a referral?', 'No. Some insurers ask for one before they pay, so check your policy.'],
            ['Can you bill my insurer directly?', 'Yes, for most large insurers. Bring your card to your first visit.'],
          ]),
        ),
        page(
          '/appointments',
          'Request an appointment',
          `Ask for an appointment at ${a.name}: tell us what hurts and when suits you, and we call back to confirm.`,
          enquiry(
            'appointment',
            'Request an appointment',
            'Tell us when suits you and we will call back within one working day to confirm a time.',
            [
              choice('treatment', 'What would you like to book?', ['Physiotherapy assessment', 'Follow-up treatment', 'Sports massage', 'Not sure yet']),
              field('preferredDate', 'Preferred day', 'date'),
              field('preferredTime', 'Preferred time of day', 'time', { help: 'We are open from early morning to evening on weekdays.' }),
            ],
            {
              message: 'What is troubling you?',
              submit: 'Request appointment',
              personal: true,
              success: 'Thank you. We will call you within one working day to confirm your appointment.',
            },
          ),
        ),
      ],
      contactIntro: 'Call or use the appointment form. We are not an emergency service: for urgent help call 911.',
      collections: {
        team: team(
          ['Dr. Hannah Cole', 'Clinical director and physiotherapist', 'Hannah specialises in spinal pain and running injuries.'],
          ['Luis Romero', 'Sports therapist', 'Luis looks after local teams and the sports massage clinic.'],
        ),
      },
    }),
};
