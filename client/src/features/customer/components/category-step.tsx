import { Radio, Typography } from 'antd';
import { useId, useState, type FormEvent } from 'react';
import type { Category } from '../../../../../shared/contracts/category';
import { RequestStep } from './request-step';
import { StepActions } from './step-actions';

interface CategoryStepProps {
  active: boolean;
  focusKey: number;
  progress: string;
  categories: readonly Category[];
  value: string | null;
  onChange(category: string): void;
  onContinue(): void;
}

/** The first step: which kind of vendor the customer is looking for, one full-width choice per category. */
export function CategoryStep({ active, focusKey, progress, categories, value, onChange, onContinue }: CategoryStepProps) {
  const [missing, setMissing] = useState(false);
  const legendId = useId();
  const errorId = useId();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!value) {
      setMissing(true);
      return;
    }
    onContinue();
  };
  return (
    <RequestStep active={active} focusKey={focusKey} progress={progress} title="What are you looking for?">
      <form onSubmit={onSubmit} noValidate>
        <fieldset aria-describedby={missing ? errorId : undefined}>
          <legend className="visually-hidden" id={legendId}>
            What are you looking for?
          </legend>
          <Radio.Group
            className="category-picker"
            value={value}
            aria-labelledby={legendId}
            onChange={(event) => {
              setMissing(false);
              onChange(String(event.target.value));
            }}
          >
            {categories.map((category) => (
              <Radio key={category.id} value={category.id} className="category-picker__option">
                <span className="category-picker__label">{category.label}</span>
                {category.description && (
                  <Typography.Text type="secondary" className="category-picker__description">
                    {category.description}
                  </Typography.Text>
                )}
              </Radio>
            ))}
          </Radio.Group>
          {missing && (
            <Typography.Text type="danger" id={errorId} role="alert">
              Choose what you are looking for
            </Typography.Text>
          )}
        </fieldset>
        <StepActions continueLabel="Continue" />
      </form>
    </RequestStep>
  );
}
