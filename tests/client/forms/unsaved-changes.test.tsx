import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useRef, useState } from 'react';
import { Link, RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import appJson from '../../../schemas/app.json';
import { appConfigSchema } from '../../../shared/contracts/app-config';
import { createRouteTable } from '../../../shared/routes/route-table';
import type { ClientConfig } from '../../../client/src/lib/config/client-config';
import { ConfigContext } from '../../../client/src/lib/config/config-context';
import { useUnsavedChanges } from '../../../client/src/lib/forms/use-unsaved-changes';

const app = appConfigSchema.parse(appJson);
const config: ClientConfig = { app, routes: [], categories: [], table: createRouteTable([]), guardRules: [] };
const { ok, no, cancel } = app.modal.dialogButtons;

/** A form page: an input that makes it dirty, the leave guard, and a link away. `save` answers whether saving worked. */
function FormPage({ save }: { save: () => Promise<boolean> }) {
  const [dirty, setDirty] = useState(false);
  const dirtyRef = useRef(false);
  const prompt = useUnsavedChanges(dirty, dirtyRef, async () => {
    const saved = await save();
    if (saved) dirtyRef.current = false;
    return saved;
  });
  return (
    <>
      <label>
        Minimum order
        <input onChange={() => setDirty(true)} />
      </label>
      <Link to="/dashboard">Dashboard</Link>
      {prompt}
    </>
  );
}

/** The form at /form; /dashboard's loader waits for `arrive` (a page still loading on a slow phone). */
function renderForm(save: () => Promise<boolean> = async () => true) {
  let arrive = () => {};
  const loading = new Promise<void>((resolve) => (arrive = resolve));
  const router = createMemoryRouter(
    [
      { path: '/form', element: <FormPage save={save} /> },
      { path: '/dashboard', loader: async () => (await loading, null), element: <p>Dashboard page</p> },
    ],
    { initialEntries: ['/form'] },
  );
  render(
    <ConfigContext.Provider value={config}>
      <RouterProvider router={router} />
    </ConfigContext.Provider>,
  );
  return { router, arrive: () => arrive() };
}

const blocked = (router: ReturnType<typeof createMemoryRouter>) => [...router.state.blockers.values()].some((b) => b.state === 'blocked');

async function leaveDirty() {
  fireEvent.change(screen.getByLabelText('Minimum order'), { target: { value: '1500' } });
  fireEvent.click(screen.getByText('Dashboard'));
  await screen.findByRole('dialog');
}

afterEach(() => cleanup());

describe('useUnsavedChanges (the leave dialog of a form)', () => {
  it('when the vendor answers No and taps Dashboard again while it loads, then they arrive without being asked again', async () => {
    const { router, arrive } = renderForm();
    await leaveDirty();

    fireEvent.click(screen.getByRole('button', { name: no }));
    await waitFor(() => expect(router.state.navigation.state).toBe('loading'));
    fireEvent.click(screen.getByText('Dashboard'));
    expect(blocked(router)).toBe(false);
    arrive();

    await screen.findByText('Dashboard page');
    expect(blocked(router)).toBe(false);
  });

  it('when the vendor answers OK, the save works and they tap Dashboard again while it loads, then they arrive without being asked again', async () => {
    const { router, arrive } = renderForm(async () => true);
    await leaveDirty();

    fireEvent.click(screen.getByRole('button', { name: ok }));
    await waitFor(() => expect(router.state.navigation.state).toBe('loading'));
    fireEvent.click(screen.getByText('Dashboard'));
    expect(blocked(router)).toBe(false);
    arrive();

    await screen.findByText('Dashboard page');
  });

  it('when the save fails or the vendor cancels, then they stay on the form, still guarded', async () => {
    let saves = 0;
    const { router } = renderForm(async () => {
      saves += 1;
      return false;
    });
    await leaveDirty();
    fireEvent.click(screen.getByRole('button', { name: ok }));
    await waitFor(() => expect(saves).toBe(1));
    await waitFor(() => expect(blocked(router)).toBe(false));
    expect(router.state.location.pathname).toBe('/form');

    fireEvent.click(screen.getByText('Dashboard'));
    await waitFor(() => expect(blocked(router)).toBe(true));
    fireEvent.click(screen.getAllByRole('button', { name: cancel }).at(-1)!);
    await waitFor(() => expect(blocked(router)).toBe(false));
    expect(router.state.location.pathname).toBe('/form');
  });
});
