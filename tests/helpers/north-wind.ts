/**
 * North Wind Heating: a heating company's site with every kind of page (posts with categories, news,
 * events, jobs, people, service areas, nested guide pages and a thank-you page), for the tests of
 * what a page tells machines about itself.
 */

/** A page's blocks: one rich-text block with `text`, indented as a page's entry in site.yaml. */
export const rich = (text: string) => `    blocks:\n      - type: rich-text\n        markdown: ${text}\n`;

/** A heating company with every kind of page. */
export const NORTH_WIND = `schemaVersion: 1
site:
  name: North Wind Heating
  kind: hvac
  description: Furnaces and heat pumps in Millbrook.
  phone: (555) 555-0199
  email: office@northwind.example.com
  address:
    street: 40 Kiln Street
    locality: Millbrook
    region: VT
    postalCode: "05401"
  hours:
    - days: [monday, tuesday, wednesday, thursday, friday]
      opens: "07:30"
      closes: "17:00"
    - days: [saturday]
      opens: "09:00"
      closes: "12:00"
  social:
    - network: facebook
      url: https://facebook.example.com/northwind
  logo:
    src: logo.png
    alt: North Wind Heating
    width: 200
    height: 60
  areaServed: [Millbrook, Lake County]
theme:
  colors:
    primary: "#0b5f73"
navigation:
  - label: Home
    href: /
  - label: Blog
    href: /blog
pages:
  - path: /
    title: Home
${rich('Warm homes.')}
  - path: /about
    title: About us
${rich('Since 1990.')}
  - path: /blog
    title: Blog
${rich('Notes.')}
  - path: /blog/{slug}
    from: posts
  - path: /blog/topic/{category}
    from: posts
    groupBy: category
  - path: /news/{slug}
    from: news
  - path: /events/{slug}
    from: events
  - path: /careers
    title: Careers
${rich('Join us.')}
  - path: /careers/{slug}
    from: jobs
  - path: /team/{slug}
    from: people
  - path: /service-areas/{region}/{city}
    from: areas
  - path: /guide
    title: Guide
${rich('Everything about heat.')}
  - path: /guide/{slug*}
    from: guide
  - path: /contact/thank-you
    title: Thank you
    noindex: true
${rich('We will call you back.')}
collections:
  posts:
    kind: post
    items:
      - title: Bleeding radiators
        date: 2026-01-10
        updated: 2026-02-01
        author: Ana Ruiz
        category: Maintenance
        tags: [radiators, winter]
        summary: Let the air out before the cold.
        body: Open the valve a quarter turn.
      - slug: heat-pumps
        title: "Heat pumps </script><script>alert(1)</script> & you"
        date: 2026-03-05
        category: Heat pumps
        body: They move heat instead of making it.
  news:
    kind: news
    items:
      - title: We are hiring
        date: 2026-04-01
        body: Two new openings.
  events:
    kind: event
    items:
      - title: Furnace clinic
        date: 2026-09-12
        start: "10:00"
        end: "12:30"
        place: Millbrook library
        body: Bring your questions.
      - title: Night install demo
        date: 2026-10-01
        start: "22:00"
        end: "01:00"
      - title: Open day
        date: 2026-11-05
  jobs:
    kind: job
    items:
      - title: HVAC technician
        location: Millbrook, VT
        employment: full-time
        salary: $28–34 an hour, depending on experience
        posted: 2026-05-01
        closes: 2026-06-30
        body: "**Fix** furnaces. See [our team](/about)."
      - title: Apprentice
        location: Millbrook
        employment: internship
        salary: Competitive
        posted: 2026-05-02
        body: Learn the trade.
  people:
    kind: person
    items:
      - name: Ana Ruiz
        role: Lead technician
        specialties: [heat pumps]
  areas:
    kind: area
    items:
      - region: Lake County
        city: Fernbrook
        title: Heating repair in Fernbrook
        summary: Same-day furnace repair in Fernbrook.
  guide:
    kind: page
    items:
      - slug: departments
        title: Departments
      - slug: departments/roads
        title: Roads
`;
