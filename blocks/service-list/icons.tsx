/**
 * A small set of line icons drawn on a 24×24 grid. They are decorative: the text beside
 * them says what they mean, so they are hidden from screen readers.
 */
import type { ReactNode } from 'react';

const SHAPES = {
  tooth: (
    <path d="M12 6.2C10.6 4.8 9.2 4 7.6 4 5.2 4 4 5.9 4 8.4c0 2.4 1 3.9 1.5 6.4.6 3.1 1 5.2 2.5 5.2s1.6-2.1 2.1-4.1c.3-1.2.8-1.9 1.9-1.9s1.6.7 1.9 1.9c.5 2 .6 4.1 2.1 4.1s1.9-2.1 2.5-5.2c.5-2.5 1.5-4 1.5-6.4C20 5.9 18.8 4 16.4 4c-1.6 0-3 .8-4.4 2.2z" />
  ),
  shield: (
    <>
      <path d="M12 3l7 3v5.2c0 4.4-2.9 8.2-7 9.8-4.1-1.6-7-5.4-7-9.8V6z" />
      <path d="M9 12l2 2 4-4" />
    </>
  ),
  flame: <path d="M12 21a6 6 0 0 0 6-6c0-4.2-3-6.6-4.2-11-2.1 1.6-3.3 3.8-3.3 6.4-1-.5-1.8-1.5-2.1-2.6C7.2 9.6 6 12 6 15a6 6 0 0 0 6 6z" />,
  snowflake: (
    <>
      <path d="M12 3v18M4.2 7.5l15.6 9M4.2 16.5l15.6-9" />
      <path d="M9.5 4.6L12 6.2l2.5-1.6M9.5 19.4L12 17.8l2.5 1.6M4.4 10.4l2.7-1.3-.2-2.9M19.6 13.6l-2.7 1.3.2 2.9M4.4 13.6l2.7 1.3-.2 2.9M19.6 10.4l-2.7-1.3.2-2.9" />
    </>
  ),
  droplet: <path d="M12 3.5s6 6.3 6 10.9a6 6 0 0 1-12 0C6 9.8 12 3.5 12 3.5z" />,
  leaf: (
    <>
      <path d="M19.5 4.5C10 4.5 5 9 5 14.8c0 1.8.5 3.3 1.2 4.5 1 .5 2.3.7 3.6.7 6.2 0 9.7-5.4 9.7-15.5z" />
      <path d="M4 21c3-5 6.5-8.5 11-11" />
    </>
  ),
  home: (
    <>
      <path d="M3.5 11.5L12 4l8.5 7.5" />
      <path d="M6 9.8V20h12V9.8M10 20v-5.5h4V20" />
    </>
  ),
  wrench: <path d="M14.7 3.3a5 5 0 0 0-4.4 6.9l-6.6 6.6a1.9 1.9 0 0 0 2.7 2.7l6.6-6.6a5 5 0 0 0 6.9-4.4l-3.1 3.1-2.9-.8-.8-2.9z" />,
  brush: (
    <>
      <path d="M20 4l-8.5 8.5" />
      <path d="M11.5 12.5c-2.2-.8-4.5.6-4.8 3-.2 1.6-1 3-2.7 3.9 3.4 1.2 7.2.3 8.3-2.5.6-1.6.5-3.6-.8-4.4z" />
    </>
  ),
  calendar: (
    <>
      <rect x="4" y="5" width="16" height="15" rx="2" />
      <path d="M4 10h16M9 3v4M15 3v4" />
    </>
  ),
  clock: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7.5V12l3 2" />
    </>
  ),
  phone: (
    <>
      <rect x="7" y="3" width="10" height="18" rx="2" />
      <path d="M11 17.5h2" />
    </>
  ),
  star: <path d="M12 3.3l2.4 6.3 6.6.3-5.2 4.1 1.8 6.5-5.6-3.7-5.6 3.7 1.8-6.5L3 9.9l6.6-.3z" />,
  heart: <path d="M12 20s-7.5-4.6-7.5-10.2A4.2 4.2 0 0 1 12 7.3a4.2 4.2 0 0 1 7.5 2.5C19.5 15.4 12 20 12 20z" />,
  check: <path d="M5 12.5l4.5 4.5L19 7.5" />,
} satisfies Record<string, ReactNode>;

export type IconName = keyof typeof SHAPES;
export const ICON_NAMES = Object.keys(SHAPES) as IconName[];

export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {SHAPES[name]}
    </svg>
  );
}
