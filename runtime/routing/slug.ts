/** Turns a name into a URL segment: "Dr. Ana Ruiz" → "dr-ana-ruiz", "Île-de-France" → "ile-de-france". */
export function slugify(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9/]+/g, '-')
    .replace(/-*\/-*/g, '/')
    .replace(/^-+|-+$/g, '');
}
