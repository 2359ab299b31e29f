/**
 * Where a popup anchored in the navbar opens (antd's `getPopupContainer`): inside the navbar, so it
 * stays under its anchor while the page scrolls beneath a sticky navbar. Opened in the body it would
 * scroll away for a frame and jump back, moving an entry from under a finger or pointer about to
 * press it.
 */
export function navbarPopupContainer(trigger: HTMLElement): HTMLElement {
  return trigger.closest<HTMLElement>('.shell__navbar') ?? document.body;
}
