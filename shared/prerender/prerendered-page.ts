/**
 * The element beside #root in which the server sends a page it draws (the public profile, the
 * directory): outside #root, so it stays on screen, untouched, while React starts in #root (its
 * first render empties #root) and loads the page's chunks; the page removes it as it draws.
 */
export const PRERENDERED_PAGE_ID = 'page-prerender';
