import type { RJSFSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SchemaForm } from '../../../client/src/lib/forms/schema-form';

const schema: RJSFSchema = {
  type: 'object',
  properties: {
    cake_flavors: { type: 'array', title: 'Cake flavors', uniqueItems: true, items: { type: 'string', enum: ['Lemon', 'Vanilla', 'Chocolate'] } },
  },
};

describe('<SchemaForm> lists of choices as checkboxes', () => {
  afterEach(cleanup);

  it('when a field is a list of checkboxes, then they sit in a group named by the field, and ticking one changes the answer', async () => {
    const onChange = vi.fn();
    render(
      <SchemaForm
        id="bakery"
        schema={schema}
        uiSchema={{ cake_flavors: { 'ui:widget': 'checkboxes' } }}
        validator={validator}
        formData={{ cake_flavors: [] }}
        submitLabel="Save"
        onChange={onChange}
        onSubmit={() => {}}
      />,
    );

    const group = screen.getByRole('group', { name: 'Cake flavors' });
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['Lemon', 'Vanilla', 'Chocolate']);
    fireEvent.click(within(group).getByRole('checkbox', { name: 'Vanilla' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ cake_flavors: ['Vanilla'] }, true));
  });
});
