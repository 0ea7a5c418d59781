/** The dietary tags of dishes: a short label on the menu and the words screen readers hear. Plain markup: islands render it too. */

export const DIETARY = {
  vegetarian: { short: 'V', full: 'Vegetarian' },
  vegan: { short: 'VG', full: 'Vegan' },
  'gluten-free': { short: 'GF', full: 'Gluten-free' },
  'dairy-free': { short: 'DF', full: 'Dairy-free' },
  spicy: { short: 'Hot', full: 'Spicy' },
  'contains-nuts': { short: 'N', full: 'Contains nuts' },
} as const;
export type Dietary = keyof typeof DIETARY;
export const DIETARY_NAMES = Object.keys(DIETARY) as Dietary[];

export function Tags({ tags }: { tags: readonly Dietary[] }) {
  return (
    <ul className="menu-tags">
      {tags.map((tag) => (
        <li key={tag} className={`menu-tag menu-tag-${tag}`}>
          <span aria-hidden="true">{DIETARY[tag].short}</span>
          <span className="visually-hidden">{DIETARY[tag].full}</span>
        </li>
      ))}
    </ul>
  );
}
