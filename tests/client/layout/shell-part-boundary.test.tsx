import { cleanup, render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ShellPartBoundary } from '../../../client/src/app/layouts/shell-part-boundary';
import { UserMenuSlot } from '../../../client/src/app/layouts/user-menu-slot';
import { initI18n } from '../../../client/src/lib/i18n/i18n';

// The account menu's chunk is gone, as after a deploy that replaced it while the page was open.
vi.mock('../../../client/src/app/layouts/user-menu', () => {
  throw new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1/assets/user-menu-0ld.js');
});

/** Stands for the route's error boundary: it must not hear of a shell part's failure. */
class RouteBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>The route's error screen</p> : this.props.children;
  }
}

function Broken(): ReactNode {
  throw new Error('the drawer chunk did not load');
}

describe("the shell's lazy parts when their chunk does not load", () => {
  beforeAll(async () => {
    await initI18n();
  });

  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('when the account menu cannot be downloaded, then the page stays and a button in its place reloads the app', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(
      <RouteBoundary>
        <h1>Submitted quotes</h1>
        <UserMenuSlot />
      </RouteBoundary>,
    );

    const reload = await screen.findByRole('button', { name: 'The account menu could not be loaded. Reload the app to get it back.' });
    expect(reload.className).toContain('shell__part-failed');
    expect(screen.getByRole('heading', { name: 'Submitted quotes' })).toBeTruthy();
    expect(screen.queryByText("The route's error screen")).toBeNull();
    expect(console.warn).toHaveBeenCalledWith("The shell's accountMenu could not be loaded", expect.any(Error), expect.any(String));
  });

  it('when a part throws while it renders, then only that part is replaced, named for what it was', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <RouteBoundary>
        <p>Theme button</p>
        <ShellPartBoundary part="customizer">
          <Broken />
        </ShellPartBoundary>
      </RouteBoundary>,
    );

    expect(screen.getByRole('button', { name: 'The theme customizer could not be loaded. Reload the app to get it back.' })).toBeTruthy();
    expect(screen.getByText('Theme button')).toBeTruthy();
    expect(screen.queryByText("The route's error screen")).toBeNull();
  });
});
