/**
 * A place as the directory's URLs write it (`/vendors/:category/:place`): "Austin, TX" ↔
 * "austin-tx", "Winston-Salem, NC" ↔ "winston-salem-nc", a ZIP code as itself ("78701"). The
 * slug of a city reads back as "winston salem, NC": the gazetteer takes hyphens for spaces and
 * any case, so it finds the city it came from.
 */
export function placeSlug(place: string): string {
  const zip = /^\s*(\d{5})(?:-\d{4})?\s*$/.exec(place) ?? /,\s*[A-Za-z]{2}\s+(\d{5})\s*$/.exec(place);
  if (zip) return zip[1] as string;
  return place
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The place a slug stands for, written as a person would search it ("winston salem, NC", "78701"), or null when it is not a place's slug. */
export function placeFromSlug(slug: string): string | null {
  if (/^\d{5}$/.test(slug)) return slug;
  const city = /^([a-z0-9]+(?:-[a-z0-9]+)*)-([a-z]{2})$/.exec(slug);
  if (!city) return null;
  return `${(city[1] as string).replace(/-/g, ' ')}, ${(city[2] as string).toUpperCase()}`;
}
