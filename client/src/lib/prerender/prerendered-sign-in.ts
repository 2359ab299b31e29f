/** The container of the sign-in card the server sends as HTML for `/` (scripts/prerender-sign-in.tsx writes it). */
export const PRERENDERED_SIGN_IN_ID = 'sign-in-prerender';

/**
 * On the stylesheets sign-in.html loads after its first paint (its inline styles hold only the
 * card's rules); "settled" once loaded or failed.
 */
export const DEFERRED_STYLESHEET = 'data-deferred-stylesheet';

/** Resolves once the stylesheets sign-in.html loads after its first paint have loaded or failed (at once on any other page): the app draws with them. */
export function deferredStylesheetsSettled(): Promise<void> {
  const pending = [...document.querySelectorAll<HTMLLinkElement>(`link[${DEFERRED_STYLESHEET}]`)].filter(
    (link) => link.getAttribute(DEFERRED_STYLESHEET) !== 'settled',
  );
  return Promise.all(
    pending.map(
      (link) =>
        new Promise<void>((resolve) => {
          link.addEventListener('load', () => resolve(), { once: true });
          link.addEventListener('error', () => resolve(), { once: true });
        }),
    ),
  ).then(() => undefined);
}

/** What the vendor did in the prerendered card before the bundle arrived. */
export interface PrerenderedSignIn {
  email: string;
  password: string;
  showPassword: boolean;
  /** The field that had the focus (or had it when the app's card took it), with its caret when the input type has one. */
  focus: { field: 'email' | 'password'; start: number | null; end: number | null } | null;
  /** "Sign in" was pressed (sign-in.html's early script held the submission back). */
  submitted: boolean;
}

function container(): HTMLElement | null {
  return document.getElementById(PRERENDERED_SIGN_IN_ID);
}

type Focus = PrerenderedSignIn['focus'];

function fieldOf(element: EventTarget | null): 'email' | 'password' | null {
  if (!(element instanceof HTMLInputElement)) return null;
  return element.name === 'email' || element.name === 'password' ? element.name : null;
}

/** Where the card's focus was when it last left the card for another element (the app's card). */
let departed: Focus = null;

/**
 * From now on, keeps where the card's focus was when the app's card took it: React's autoFocus
 * moves it before the takeover can read it, and the vendor may have moved between fields since
 * the page first rendered. Called once at start, before anything renders.
 */
export function watchPrerenderedFocus(): void {
  container()?.addEventListener('focusout', (event) => {
    const field = fieldOf(event.target);
    const to = event.relatedTarget;
    const input = event.target as HTMLInputElement;
    departed = field && to instanceof Node && !container()?.contains(to) ? { field, start: input.selectionStart, end: input.selectionEnd } : null;
  });
}

/** The prerendered card's state, or null when the page did not start from it (or it was taken over). */
export function readPrerenderedSignIn(): PrerenderedSignIn | null {
  const root = container();
  const form = root?.querySelector('form');
  if (!root || !form) return null;
  const input = (name: string) => form.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  const email = input('email');
  const password = input('password');
  const active = document.activeElement;
  const field = active === email ? 'email' : active === password ? 'password' : null;
  return {
    email: email?.value ?? '',
    password: password?.value ?? '',
    showPassword: password?.type === 'text',
    // Outside the card: where it was when the app's card took it (watchPrerenderedFocus), if it did.
    focus: field ? { field, start: (active as HTMLInputElement).selectionStart, end: (active as HTMLInputElement).selectionEnd } : departed,
    submitted: form.hasAttribute('data-submitted'),
  };
}

/** Removes the prerendered card (the React page has replaced it, or another route was rendered). */
export function removePrerenderedSignIn(): void {
  container()?.remove();
}
