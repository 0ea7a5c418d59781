import { choice, enquiry, field } from './forms.ts';
import { callToAction, faq, link, page, prices, quotes, services, siteDocument, steps, weekdays, type Template } from './shared.ts';

export const tutor: Template = {
  label: 'Tutor or learning centre',
  hint: 'subjects, lesson prices, course places, free assessment',
  group: 'Shops & services',
  kind: 'school',
  synonyms: ['tutoring', 'school', 'lessons', 'music-teacher', 'driving-school', 'language-school', 'academy'],
  build: (a) =>
    siteDocument(a, {
      kind: 'school',
      tagline: `Tutoring that builds confidence, in ${a.town}`,
      description: `${a.name} tutors children and teenagers in ${a.town} in maths, English and science, one to one or in small groups, with a free first assessment.`,
      hours: [...weekdays('15:00', '20:00'), { days: ['saturday'], opens: '09:00', closes: '13:00' }],
      theme: { colors: { primary: '#1e3a8a', accent: '#a21caf' }, fonts: { heading: 'rounded', body: 'system' }, corners: 'round' },
      nav: [
        ['Subjects', '/subjects'],
        ['Prices', '/prices'],
        ['Exam course', '/exam-course'],
        ['Free assessment', '/assessment'],
      ],
      footer: `${a.name}, ${a.town}. Every tutor is background-checked.`,
      hero: {
        eyebrow: `After-school tutoring in ${a.town}`,
        heading: 'From “I can’t” to “I’ve got this”',
        text: 'Patient tutors, small groups and a plan built around what your child finds hard.',
        actions: [link('Book a free assessment', '/assessment'), link('Subjects', '/subjects', 'secondary')],
      },
      home: [
        steps('How we start', [
          ['Free assessment', 'Forty minutes to find the gaps and what your child enjoys.'],
          ['A plan', 'A written plan with goals for the term, shared with you.'],
          ['Weekly lessons', 'One to one or in groups of four, with a short report each month.'],
        ]),
        quotes('Parents say', [
          ['Maths went from tears at the kitchen table to her favourite subject in one term.', 'Karen D.', 'Parent of a Grade 7 student'],
        ]),
        callToAction(a, 'Not sure where to start?', 'The first assessment is free and there is no obligation.', [
          link('Book a free assessment', '/assessment'),
        ]),
      ],
      pages: [
        page(
          '/subjects',
          'Subjects',
          `The subjects ${a.name} teaches, from early reading to final exams.`,
          services('What we teach', [
            ['Maths', 'From times tables to calculus, at the pace your child needs.', 'star'],
            ['English', 'Reading, writing and essay skills that carry into every subject.', 'brush'],
            ['Science', 'Biology, chemistry and physics, with experiments that make it stick.', 'leaf'],
            ['Study skills', 'Planning, revision and exam technique for older students.', 'check'],
          ]),
        ),
        page(
          '/prices',
          'Lesson prices',
          `What tutoring at ${a.name} costs: one-to-one lessons, small groups and term packages.`,
          prices(
            'Lesson prices',
            {
              'One to one': [
                ['Single lesson', '$55', '55 minutes'],
                ['Ten lessons', '$500', 'Use within a term'],
              ],
              'Small groups': [['Group lesson', '$28', 'Up to four students, 55 minutes']],
            },
            { itemLabel: 'Lesson', footnote: 'Brothers and sisters get 10% off. Lessons cancelled with a day’s notice are moved, not charged.' },
          ),
          faq('Questions parents ask', [
            ['Where do lessons happen?', `At our centre in ${a.town}, or online for older students.`],
            ['How do I know it is working?', 'You get a short progress report every month and a review each term.'],
          ]),
        ),
        page(
          '/exam-course',
          'Exam preparation course',
          `A six-week exam preparation course at ${a.name} with twelve places: what it covers and how to enrol.`,
          {
            type: 'form',
            form: 'exam-course',
            purpose: 'registration',
            capacity: 12,
            repeats: true,
            heading: 'Enrol on the exam course',
            intro: 'Six Saturday mornings of revision and practice papers in maths and English. Twelve places; $240 for the course, paid on the first morning.',
            fields: [
              field('parentName', 'Parent or guardian’s name', 'text', { required: true }),
              field('email', 'E-mail address', 'email', { required: true }),
              field('studentName', 'Student’s name', 'text', { required: true }),
              choice('grade', 'Student’s grade', ['Grade 6', 'Grade 7', 'Grade 8', 'Grade 9', 'Grade 10']),
            ],
            submit: 'Enrol',
            full: 'The course is full. Write to us to join the waiting list.',
          },
        ),
        page(
          '/assessment',
          'Free assessment',
          `Book a free forty-minute assessment at ${a.name} to find where your child needs help.`,
          enquiry(
            'assessment',
            'Book a free assessment',
            'Tell us about the student and we will call to arrange a time.',
            [
              field('studentName', 'Student’s name', 'text', { required: true }),
              choice('grade', 'Student’s grade', ['Kindergarten to Grade 2', 'Grade 3 to 5', 'Grade 6 to 8', 'Grade 9 to 12']),
              field('subjects', 'Subjects', 'checkboxes', { options: ['Maths', 'English', 'Science', 'Study skills'] }),
            ],
            { message: 'What does your child find hard?', submit: 'Book assessment', personal: true },
          ),
        ),
      ],
      contactIntro: 'Call after 3 pm on weekdays, or leave a message and we will ring you back.',
    }),
};
