import { Tag } from 'antd';
import { useTranslation } from '../i18n/translate';
import type { FormStatus } from '../../../../shared/contracts/form';

const COLOUR: Record<FormStatus, string> = { 'not-started': 'default', complete: 'green', 'needs-review': 'orange' };

/** A form's state as a coloured tag ("Not started", "Complete", "Needs review"). */
export function FormStatusTag({ status }: { status: FormStatus }) {
  const { t } = useTranslation();
  return <Tag color={COLOUR[status]}>{t(`formStatus.${status}`)}</Tag>;
}
