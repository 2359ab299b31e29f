import { Button, Popconfirm, type ButtonProps } from 'antd';
import type { Blackout } from '../../../../shared/contracts/marketplace';
import { problemOf } from '../../lib/forms/server-errors';
import { useToast } from '../../lib/toast/toast';
import { useRemoveBlackoutDates } from './api/remove-blackout-dates';
import { dayRange } from './calendar-days';

interface Props {
  block: Blackout;
  /** How the button is drawn where it stands (a link in a list, a button in a dialog). */
  type?: ButtonProps['type'];
  /** After the block is gone (the day's dialog closes). */
  onRemoved?: () => void;
}

/** Removes a block after a confirmation that says which days take requests again; a refusal is a toast with the server's reason. */
export function RemoveBlockButton({ block, type, onRemoved }: Props) {
  const message = useToast();
  const remove = useRemoveBlackoutDates();
  const days = dayRange(block.from, block.to);

  const onConfirm = async () => {
    try {
      await remove.mutateAsync(block.id);
      void message.success(`${days} is open for requests again`);
      onRemoved?.();
    } catch (error) {
      void message.error(problemOf(error)?.detail ?? 'The block could not be removed. Try again.');
    }
  };

  return (
    <Popconfirm
      title="Remove this block?"
      description={`${days} will take requests again.`}
      okText="Remove"
      okButtonProps={{ danger: true }}
      onConfirm={onConfirm}
    >
      <Button type={type} danger aria-label={`Remove the block of ${days}`}>
        Remove
      </Button>
    </Popconfirm>
  );
}
