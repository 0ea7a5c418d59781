/**
 * On a phone (700 px wide or less) the editor and the preview take turns as two tabs; on a wider
 * screen they sit side by side and the tabs are gone. The tabs follow the usual keyboard pattern:
 * ← and → (Home and End) move between them and show the one they reach.
 */
import { el } from './page.ts';

export interface Tabs {
  /** Shows a panel (0 the editor, 1 the preview) if the tabs are in use. */
  show: (index: number) => void;
}

const PHONE = '(max-width: 700px)';

/** Adds the two tabs before the panels and switches them on and off with the screen's width. */
export function startTabs(root: HTMLElement, panels: [HTMLElement, HTMLElement], names: [string, string]): Tabs {
  const list = el('div', 'studio-tabs');
  list.setAttribute('role', 'tablist');
  list.setAttribute('aria-label', 'Editor or preview');
  const tabs = panels.map((panel, i) => {
    const tab = el('button', 'studio-tab', names[i]);
    tab.type = 'button';
    tab.id = `studio-tab-${i}`;
    tab.setAttribute('role', 'tab');
    tab.setAttribute('aria-controls', panel.id);
    return tab;
  });
  list.append(...tabs);
  root.prepend(list);
  let current = 0;
  const phone = window.matchMedia(PHONE);

  const show = (index: number, focus = false) => {
    current = index;
    tabs.forEach((tab, i) => {
      tab.setAttribute('aria-selected', String(i === index));
      tab.tabIndex = i === index ? 0 : -1;
    });
    panels.forEach((panel, i) => panel.classList.toggle('studio-tab-hidden', phone.matches && i !== index));
    if (focus) tabs[index]?.focus();
  };

  const layout = () => {
    list.hidden = !phone.matches;
    panels.forEach((panel, i) => {
      if (phone.matches) {
        panel.setAttribute('role', 'tabpanel');
        panel.setAttribute('aria-labelledby', tabs[i]?.id ?? '');
      } else {
        panel.removeAttribute('role');
        panel.removeAttribute('aria-labelledby');
      }
    });
    show(current);
  };

  tabs.forEach((tab, i) => tab.addEventListener('click', () => show(i)));
  list.addEventListener('keydown', (event) => {
    const last = tabs.length - 1;
    const next = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    show((next + tabs.length) % tabs.length, true);
  });
  phone.addEventListener('change', layout);
  layout();
  return { show: (index) => show(index) };
}
