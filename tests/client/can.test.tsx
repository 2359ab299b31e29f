import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AbilityProvider } from '../../client/src/lib/ability/ability-context';
import { CAN_MISSING_ACTION, CAN_PASS_THROUGH_WITHOUT_SLOT, Can } from '../../client/src/lib/ability/can';

function signIn(ability: unknown[]) {
  localStorage.setItem('vendorAccessToken', 't');
  localStorage.setItem('vendorData', JSON.stringify({ role: 'client', ability }));
}

function renderCan(ui: React.ReactNode) {
  return render(<AbilityProvider>{ui}</AbilityProvider>);
}

describe('<Can>', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('when no action is given, then it fails with the seed message', () => {
    expect(() => renderCan(<Can a="Quote">x</Can>)).toThrow(CAN_MISSING_ACTION);
  });

  it('when pass-through mode has no render function, then it fails', () => {
    expect(() =>
      renderCan(
        <Can I="read" a="Quote" passThrough>
          x
        </Can>,
      ),
    ).toThrow(CAN_PASS_THROUGH_WITHOUT_SLOT);
  });

  it('when the vendor may read quotes, then the children render; otherwise nothing does', () => {
    signIn([{ action: 'read', subject: 'Quote' }]);
    renderCan(
      <>
        <Can I="read" a="Quote">
          <span>quotes</span>
        </Can>
        <Can I="manage" a="Billing">
          <span>billing</span>
        </Can>
      </>,
    );
    expect(screen.getByText('quotes')).toBeTruthy();
    expect(screen.queryByText('billing')).toBeNull();
  });

  it('when signed out, then only reading Auth is allowed', () => {
    renderCan(
      <>
        <Can I="read" a="Auth">
          <span>auth</span>
        </Can>
        <Can I="read" a="Quote">
          <span>quotes</span>
        </Can>
      </>,
    );
    expect(screen.getByText('auth')).toBeTruthy();
    expect(screen.queryByText('quotes')).toBeNull();
  });

  it('when `not` is set, then the answer is inverted; pass-through hands the answer to the render function', () => {
    signIn([{ action: 'read', subject: 'Quote' }]);
    renderCan(
      <>
        <Can not I="manage" a="Billing">
          <span>no billing</span>
        </Can>
        <Can passThrough I="delete" a="Account">
          {(allowed) => <button disabled={!allowed}>Delete account</button>}
        </Can>
      </>,
    );
    expect(screen.getByText('no billing')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Delete account' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('when the check is on an object with conditions and fields, then CASL decides per object and field', () => {
    signIn([
      { action: 'update', subject: 'Quote', conditions: { vendorId: 7 } },
      { action: 'update', subject: 'Quote', fields: 'price', inverted: true, conditions: { status: 'accepted' } },
    ]);
    renderCan(
      <>
        <Can I="update" this={{ vendorId: 7, status: 'submitted' }} type="Quote" field="price">
          <span>own quote</span>
        </Can>
        <Can I="update" this={{ vendorId: 8, status: 'submitted' }} type="Quote">
          <span>other quote</span>
        </Can>
        <Can I="update" this={{ vendorId: 7, status: 'accepted' }} type="Quote" field="price">
          <span>accepted price</span>
        </Can>
      </>,
    );
    expect(screen.getByText('own quote')).toBeTruthy();
    expect(screen.queryByText('other quote')).toBeNull();
    expect(screen.queryByText('accepted price')).toBeNull();
  });
});
