import { PRERENDERED_PAGE_ID } from '../../../../shared/prerender/prerendered-page';

/**
 * Removes the page the server drew beside #root (shared/prerender/prerendered-page.ts): by the
 * page that takes it over as it draws the same content (a layout effect, so no frame shows both
 * or neither), or once the first screen is another.
 */
export function removePrerenderedPage(): void {
  document.getElementById(PRERENDERED_PAGE_ID)?.remove();
}
