import { Alert, Button, Card, List, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useConfig } from '../../lib/config/config-context';
import { useFormList } from '../../lib/forms/api/list-forms';
import { FormStatusTag } from '../../lib/forms/form-status';

const ACTION = { 'not-started': 'Start', complete: 'Edit', 'needs-review': 'Review' } as const;

/** `/all-forms`: every form that applies to this vendor, with its state. */
export default function AllFormsPage() {
  const { categories } = useConfig();
  const navigate = useNavigate();
  const { data: forms, isError: error } = useFormList();
  const label = (id: string | null) => (id ? (categories.find((c) => c.id === id)?.label ?? id) : 'Your business');
  return (
    <section className="page" aria-labelledby="page-title">
      <Typography.Title level={2} id="page-title">
        All forms
      </Typography.Title>
      <Typography.Paragraph type="secondary">Everything customers and our matching use to find you. Keep these up to date to get better quote requests.</Typography.Paragraph>
      {error && <Alert type="error" showIcon title="The forms could not be loaded. Reload the page to try again." />}
      <Card>
        <List
          loading={!forms && !error}
          dataSource={forms ?? []}
          renderItem={(form) => (
            <List.Item
              actions={[
                <Button key="open" type={form.status === 'complete' ? 'default' : 'primary'} onClick={() => void navigate(form.path)} aria-label={`${ACTION[form.status]} ${form.title}`}>
                  {ACTION[form.status]}
                </Button>,
              ]}
            >
              <List.Item.Meta
                title={
                  <span>
                    {form.title} <FormStatusTag status={form.status} />
                  </span>
                }
                description={
                  form.status === 'needs-review'
                    ? `${label(form.category)} · ${form.errors.length} field${form.errors.length === 1 ? '' : 's'} to review: ${form.errors.map((e) => e.path).join(', ')}`
                    : label(form.category)
                }
              />
            </List.Item>
          )}
        />
      </Card>
    </section>
  );
}
