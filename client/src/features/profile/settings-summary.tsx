import { Button, Descriptions, Empty, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { getFormDefinition, getSavedForm } from '../../lib/forms/form-api';
import { summarizeSettings, type SummaryLine } from './summarize-settings';

type State = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; lines: SummaryLine[] };

/** The category's settings (its settings form's saved data), labelled with the form's own titles. */
export function SettingsSummary({ formId, settingsPath, label }: { formId: string; settingsPath: string | null; label: string }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const navigate = useNavigate();
  useEffect(() => {
    let current = true;
    Promise.all([getFormDefinition(formId), getSavedForm(formId)])
      .then(([form, saved]) => {
        if (current) setState({ kind: 'ready', lines: saved.data ? summarizeSettings(form.schema, form.uiSchema, saved.data) : [] });
      })
      .catch(() => {
        if (current) setState({ kind: 'failed' });
      });
    return () => {
      current = false;
    };
  }, [formId]);

  if (state.kind === 'loading') return <Skeleton active paragraph={{ rows: 4 }} />;
  if (state.kind === 'failed') return <Empty description={`Your ${label.toLowerCase()} details could not be loaded. Reload the page to try again.`} />;
  if (state.lines.length === 0) {
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
      items={state.lines.map((line) => ({ key: line.key, label: line.label, children: <span className="listing__value">{line.value}</span> }))}
    />
  );
}
