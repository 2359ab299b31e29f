import { Button } from 'antd';

interface StepActionsProps {
  /** Absent on the first step. */
  onBack?: () => void;
  continueLabel: string;
  busy?: boolean;
}

/** Back and the step's submit button (the step's form submits: Enter in a field continues too). */
export function StepActions({ onBack, continueLabel, busy = false }: StepActionsProps) {
  return (
    <div className="customer-step__actions">
      {onBack && (
        <Button size="large" onClick={onBack} disabled={busy}>
          Back
        </Button>
      )}
      <Button type="primary" size="large" htmlType="submit" loading={busy}>
        {continueLabel}
      </Button>
    </div>
  );
}
