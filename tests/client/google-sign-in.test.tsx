import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GoogleSignIn } from '../../client/src/features/auth/google-sign-in';

/** The server's GET /api/auth/options (the sign-in page reads it with fetch, not axios). */
function serveOptions(googleClientId: string | null): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (url === '/api/auth/options' ? Response.json({ data: { googleClientId } }) : new Response(null, { status: 404 }))),
  );
}

describe('<GoogleSignIn>', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    delete window.google;
  });

  it('when the server has no Google client id, then no Google button is shown', async () => {
    serveOptions(null);
    const { container } = render(<GoogleSignIn onCredential={() => {}} />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(container.innerHTML).toBe('');
  });

  it("when a client id is configured, then Google's button renders with it and a credential signs in", async () => {
    serveOptions('1234.apps.googleusercontent.com');
    let callback: ((response: { credential: string }) => void) | undefined;
    const initialize = vi.fn((options: { client_id: string; callback: (response: { credential: string }) => void }) => {
      callback = options.callback;
    });
    const renderButton = vi.fn();
    window.google = { accounts: { id: { initialize, renderButton } } };
    const onCredential = vi.fn();

    render(<GoogleSignIn onCredential={onCredential} />);

    await waitFor(() => expect(renderButton).toHaveBeenCalledTimes(1));
    expect(screen.getByTestId('google-sign-in')).toBeTruthy();
    expect(initialize.mock.calls[0]?.[0].client_id).toBe('1234.apps.googleusercontent.com');
    callback?.({ credential: 'google-id-token' });
    expect(onCredential).toHaveBeenCalledWith('google-id-token');
  });
});
