import { describe, expect, it } from 'vitest';
import { firstStepWithErrors, placeRequestErrors } from '../../../client/src/features/customer/request-errors';

describe('placeRequestErrors', () => {
  it("when the server refuses fields of every step, then each error lands on its step's field", () => {
    const placed = placeRequestErrors([
      { path: 'location', message: 'We could not find "Nowhere, ZZ".' },
      { path: 'budgetCents', message: 'Use whole cents' },
      { path: 'details.pieces', message: 'Choose at least one' },
      { path: 'customer.email', message: 'Invalid email address' },
      { path: 'vendorId', message: 'Not a vendor of this kind' },
    ]);

    expect(placed).toEqual({
      category: [{ name: ['vendorId'], message: 'Not a vendor of this kind' }],
      details: [{ name: ['pieces'], message: 'Choose at least one' }],
      event: [
        { name: ['location'], message: 'We could not find "Nowhere, ZZ".' },
        { name: ['budget'], message: 'Use whole cents' },
      ],
      contact: [{ name: ['customer', 'email'], message: 'Invalid email address' }],
    });
  });

  it('when errors fall on the event and the contact, then the event step is shown first', () => {
    expect(
      firstStepWithErrors(
        placeRequestErrors([
          { path: 'customer.name', message: 'Enter your name' },
          { path: 'eventDate', message: 'Choose a date after today' },
        ]),
      ),
    ).toBe('event');
  });

  it('when there is no field error, then no step is named', () => {
    expect(firstStepWithErrors(placeRequestErrors([]))).toBeNull();
  });
});
