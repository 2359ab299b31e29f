import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GoogleSignIn } from '../../client/src/features/auth/google-sign-in';
import { http } from '../../client/src/lib/api/http';

function serveOptions(googleClientId: string | null): void {
  const adapter: AxiosAdapter = async (config) => ({ data: { data: { googleClientId } }, status: 200, statusText: 'OK', headers: {}, config });
  http.defaults.adapter = adapter;
}

describe('<GoogleSignIn>', () => {
  afterEach(() => {
    cleanup();
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
