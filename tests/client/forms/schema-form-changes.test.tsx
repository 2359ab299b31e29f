import type { RJSFSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SchemaForm } from '../../../client/src/lib/forms/schema-form';

const schema: RJSFSchema = {
  type: 'object',
  properties: {
    min_order_amount: { type: 'number', title: 'Minimum order' },
    weddings_per_day: { type: 'integer', title: 'Weddings per day', default: 1 },
    delivery_available: { type: 'boolean', title: 'Delivery available', default: true },
  },
};

function renderForm(onChange: (data: Record<string, unknown>, edited: boolean) => void) {
  return render(
    <SchemaForm
      id="florist"
      schema={schema}
      uiSchema={{}}
      validator={validator}
      formData={undefined}
      submitLabel="Save"
      onChange={onChange}
      onSubmit={() => {}}
    />,
  );
}

describe('<SchemaForm> changes', () => {
  afterEach(cleanup);

  it('when the form fills in its defaults on opening, then it reports them as not edited', async () => {
    const onChange = vi.fn();
    renderForm(onChange);
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(onChange.mock.calls.every(([, edited]) => edited === false)).toBe(true);
    expect(onChange).toHaveBeenLastCalledWith({ weddings_per_day: 1, delivery_available: true }, false);
  });

  it('when the vendor edits a field, then the change is reported as edited', async () => {
    const onChange = vi.fn();
    renderForm(onChange);
    fireEvent.change(screen.getByLabelText('Minimum order'), { target: { value: '1200' } });
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ min_order_amount: 1200 }), true));
  });
});
