import { Form, Input, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { PLACE_MESSAGE, PLACE_PATTERN } from '../../../../../shared/places/place-pattern';
import { eventDateBounds, localToday } from '../event-date-bounds';
import { budgetCentsOf, guestsOf, MAX_GUESTS, type EventValues } from '../event-values';
import { RequestStep } from './request-step';
import { StepActions } from './step-actions';

interface EventStepProps {
  form: FormInstance<EventValues>;
  active: boolean;
  focusKey: number;
  progress: string;
  onBack(): void;
  onContinue(): void;
  /** Under the place: how many vendors serve it (the coverage notice). */
  placeNotice?: ReactNode;
}

/** When, where, how many guests, and the budget (optional, in dollars). */
export function EventStep({ form, active, focusKey, progress, onBack, onContinue, placeNotice }: EventStepProps) {
  const { min, max } = eventDateBounds(localToday());
  return (
    <RequestStep active={active} focusKey={focusKey} progress={progress} title="Your event" description="Vendors check that they are free and near enough.">
      <Form<EventValues> form={form} name="request-event" layout="vertical" requiredMark="optional" size="large" onFinish={onContinue} scrollToFirstError>
        <Form.Item
          label="Date of your event"
          name="eventDate"
          rules={[
            { required: true, message: 'Choose the date of your event' },
            {
              validator: async (_rule, value: string | undefined) => {
                if (!value) return;
                if (value < min) throw new Error('Choose a date after today');
                if (value > max) throw new Error('Choose a date within two years');
              },
            },
          ]}
        >
          <Input type="date" min={min} max={max} />
        </Form.Item>
        <Form.Item
          label="Where is it?"
          name="location"
          extra='A US city and state, like "Austin, TX", or a 5-digit ZIP code.'
          rules={[
            { required: true, message: 'Enter a city like "Austin, TX" or a ZIP code' },
            { pattern: PLACE_PATTERN, message: PLACE_MESSAGE },
          ]}
        >
          <Input autoComplete="off" spellCheck={false} maxLength={120} />
        </Form.Item>
        {placeNotice}
        <Form.Item
          label="Number of guests"
          name="guests"
          rules={[
            { required: true, message: 'Enter the number of guests' },
            {
              validator: async (_rule, value: string | undefined) => {
                if (value && guestsOf(value) === null) throw new Error(`Enter a whole number from 1 to ${MAX_GUESTS.toLocaleString('en-US')}`);
              },
            },
          ]}
        >
          <Input inputMode="numeric" autoComplete="off" />
        </Form.Item>
        <Form.Item
          label="Budget for this service (USD)"
          name="budget"
          extra="Vendors see it; it helps them quote what fits."
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                if (budgetCentsOf(value) === null) throw new Error('Enter an amount in dollars, like 2500 or 2,500.50');
              },
            },
          ]}
        >
          <Input inputMode="decimal" autoComplete="off" prefix={<span aria-hidden="true">$</span>} />
        </Form.Item>
        <StepActions onBack={onBack} continueLabel="Continue" />
      </Form>
    </RequestStep>
  );
}
