/**
 * A business's public profile page, `/vendor-profile/:adminId/:slug` (seed-spec routes): the id of
 * the business that owns the listing and its name as a readable slug. Anyone can open it; the slug
 * is only for people and link previews, the id finds the business.
 */
export function publicProfilePath(vendorId: string, businessName: string): string {
  return `/vendor-profile/${encodeURIComponent(vendorId)}/${nameSlug(businessName) || 'vendor'}`;
}

/** "Toast & Tulip Café" → "toast-tulip-cafe": lower-case ASCII letters and digits joined by hyphens. */
export function nameSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}
