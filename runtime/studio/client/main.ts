/**
 * The studio's browser code: the page loads this one module, which starts the editor on the studio
 * page (`#studio`) or the side-by-side view on the compare page (`#studio-compare`).
 */
import './studio.css';
import { startStudio } from './studio.ts';

function start(): void {
  const studio = document.getElementById('studio');
  if (studio) startStudio(studio);
  const compare = document.getElementById('studio-compare');
  // The side-by-side view is loaded only on the compare page.
  if (compare) void import('./compare.ts').then(({ startCompare }) => startCompare(compare));
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
