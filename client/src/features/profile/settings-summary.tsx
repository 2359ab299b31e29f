import { Descriptions } from 'antd';
import { LinkButton } from '../../components/link-button';
import { loadFailure, PageState } from '../../components/page-state';
import { useFormDefinition } from '../../lib/forms/api/get-form-definition';
import { useSavedForm } from '../../lib/forms/api/get-saved-form';
import { summarizeFormData } from '../../lib/forms/summarize-form-data';

/** The category's settings (its settings form's saved data), labelled with the form's own titles. */
export function SettingsSummary({ formId, settingsPath, label }: { formId: string; settingsPath: string | null; label: string }) {
  const form = useFormDefinition(formId);
  const saved = useSavedForm(formId);

  if (form.isError || saved.isError || !form.data || !saved.data) {
    return <PageState failure={loadFailure(`Your ${label.toLowerCase()} details`, form.isError ? form : saved)} loading rows={4} />;
  }
  const lines = saved.data.data ? summarizeFormData(form.data.schema, form.data.uiSchema, saved.data.data) : [];
  if (lines.length === 0) {
    return (
      <PageState
        empty={`No ${label.toLowerCase()} details yet: couples will not see your packages and prices until you add them.`}
        emptyAction={settingsPath && <LinkButton to={settingsPath}>Add {label.toLowerCase()} details</LinkButton>}
      />
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
