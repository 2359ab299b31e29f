import { Button, Descriptions, Empty, Skeleton } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useFormDefinition } from '../../lib/forms/api/get-form-definition';
import { useSavedForm } from '../../lib/forms/api/get-saved-form';
import { summarizeFormData } from '../../lib/forms/summarize-form-data';

/** The category's settings (its settings form's saved data), labelled with the form's own titles. */
export function SettingsSummary({ formId, settingsPath, label }: { formId: string; settingsPath: string | null; label: string }) {
  const navigate = useNavigate();
  const form = useFormDefinition(formId);
  const saved = useSavedForm(formId);

  if (form.isError || saved.isError) return <Empty description={`Your ${label.toLowerCase()} details could not be loaded. Reload the page to try again.`} />;
  if (!form.data || !saved.data) return <Skeleton active paragraph={{ rows: 4 }} />;
  const lines = saved.data.data ? summarizeFormData(form.data.schema, form.data.uiSchema, saved.data.data) : [];
  if (lines.length === 0) {
    return (
      <Empty description={`No ${label.toLowerCase()} details yet: couples will not see your packages and prices until you add them.`}>
        {settingsPath && (
          <Button onClick={() => void navigate(settingsPath)}>Add {label.toLowerCase()} details</Button>
        )}
      </Empty>
    );
  }
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, sm: 1, md: 2 }}
      items={lines.map((line) => ({ key: line.key, label: line.label, children: <span className="listing__value">{line.value}</span> }))}
    />
  );
}
