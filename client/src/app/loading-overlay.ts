const SHOW_DELAY_MS = 120;
let timer: ReturnType<typeof setTimeout> | null = null;

/**
 * Shows or hides the page-wide loading overlay of index.html. Showing waits a moment so
 * instant navigations (a guard redirect) do not flash it; hiding is immediate.
 */
export function setLoadingOverlay(visible: boolean): void {
  const overlay = document.getElementById('app-loading');
  if (!overlay) return;
  // sign-in.html's overlay shows for a kept session until the app first says (public/boot.css).
  overlay.removeAttribute('data-boot');
  if (timer) clearTimeout(timer);
  timer = null;
  if (!visible) {
    overlay.hidden = true;
    overlay.setAttribute('aria-busy', 'false');
    return;
  }
  timer = setTimeout(() => {
    overlay.hidden = false;
    overlay.setAttribute('aria-busy', 'true');
  }, SHOW_DELAY_MS);
}
