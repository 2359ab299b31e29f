import { useEffect, useRef, useState } from 'react';
import { getAuthOptions } from './api/get-auth-options';

interface GoogleAccounts {
  id: {
    initialize(options: { client_id: string; callback: (response: { credential: string }) => void; ux_mode?: string }): void;
    renderButton(element: HTMLElement, options: Record<string, unknown>): void;
  };
}

declare global {
  interface Window {
    google?: { accounts: GoogleAccounts };
  }
}

const SCRIPT_URL = 'https://accounts.google.com/gsi/client';

function loadGoogleScript(nonce: string | undefined): Promise<GoogleAccounts> {
  if (window.google?.accounts) return Promise.resolve(window.google.accounts);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    if (nonce) script.nonce = nonce;
    script.onload = () => (window.google?.accounts ? resolve(window.google.accounts) : reject(new Error('Google sign-in did not load')));
    script.onerror = () => reject(new Error('Google sign-in could not be loaded'));
    document.head.appendChild(script);
  });
}

/**
 * "Sign in with Google", shown only when the server has a Google client id. Google's script
 * hands back an ID token, which the server verifies (signature, issuer, audience, expiry).
 */
export function GoogleSignIn({ onCredential }: { onCredential: (idToken: string) => void }) {
  const [clientId, setClientId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const slot = useRef<HTMLDivElement>(null);
  const callback = useRef(onCredential);
  useEffect(() => {
    callback.current = onCredential;
  }, [onCredential]);

  // Loaded by hand: the sign-in page has no room for the query library in its JavaScript budget.
  useEffect(() => {
    getAuthOptions()
      .then((options) => setClientId(options.googleClientId))
      .catch(() => setClientId(null));
  }, []);

  useEffect(() => {
    if (!clientId || !slot.current) return;
    const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
    loadGoogleScript(nonce)
      .then((accounts) => {
        accounts.id.initialize({ client_id: clientId, callback: (response) => callback.current(response.credential) });
        if (slot.current) accounts.id.renderButton(slot.current, { theme: 'outline', size: 'large', width: 360, text: 'continue_with' });
      })
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, [clientId]);

  if (!clientId) return null;
  return (
    <div data-testid="google-sign-in">
      <div className="auth-card__or" role="separator">
        or
      </div>
      {error ? (
        <div className="auth-alert auth-alert--warning" role="alert">
          {error}
        </div>
      ) : (
        <div ref={slot} className="auth-card__google" />
      )}
    </div>
  );
}
