import { Typography } from 'antd';

/**
 * "79 / 2000" under a text field: red past the limit. Kept left-to-right as one isolated run, so
 * a right-to-left layout does not reorder it into "2000 / 79".
 */
export function CharacterCount({ id, count, max }: { id: string; count: number; max: number }) {
  return (
    <Typography.Text type={count > max ? 'danger' : 'secondary'} id={id} className="form-counter">
      <bdi dir="ltr">
        {count} / {max}
      </bdi>
    </Typography.Text>
  );
}
