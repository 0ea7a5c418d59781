/**
 * A town site's events and organisations, for the tests of the event and organisation blocks:
 * an events page, a page per event, a page per organisation and one listing its events.
 * Tests render it on 2026-06-15.
 */
export const TOWN = `  - path: /events
    title: Events
    blocks:
      - type: event-list
  - path: /events/{slug}
    from: events
  - path: /organizations
    title: Organisations
    blocks:
      - type: org-directory
        collection: organizations
  - path: /organizations/{slug}
    from: organizations
  - path: /organizations/{slug}/events
    from: organizations
    title: "Events of {name}"
    blocks:
      - type: event-list
        when: all
        filter:
          organization: "{slug}"
collections:
  events:
    kind: event
    items:
      - title: Summer fair
        organization: millbrook-library
        date: 2026-07-04
        start: "10:00"
        end: "16:00"
        place: Town green
        summary: Games, books and food on the green.
        body: Bring the whole family.
      - title: Book club
        organization: millbrook-library
        date: 2026-06-20
        start: "19:00"
        place: Reading room
      - title: Spring cleanup
        organization: rotary-club
        date: 2026-04-11
        place: Riverside park
      - title: Winter market
        date: 2025-12-06
      - title: Story hour
        organization: millbrook-library
        date: 2026-06-15
        start: "10:30"
  organizations:
    kind: organization
    items:
      - name: Rotary Club
        summary: Service projects and weekly lunches.
        email: hello@rotary.example.org
      - name: Millbrook Library
        summary: Books, classes and a warm place to read.
        body: Open six days a week.
        phone: (555) 555-0188
        website: https://www.millbrooklibrary.example.org/
`;
