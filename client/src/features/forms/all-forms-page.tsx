import { Card, List } from 'antd';
import { LinkButton } from '../../components/link-button';
import { PageFrame } from '../../components/page-frame';
import { loadFailure, PageState } from '../../components/page-state';
import { useConfig } from '../../lib/config/config-context';
import { useFormList } from '../../lib/forms/api/list-forms';
import { FormStatusTag } from '../../lib/forms/form-status';

const ACTION = { 'not-started': 'Start', complete: 'Edit', 'needs-review': 'Review' } as const;

/** `/all-forms`: every form that applies to this vendor, with its state. */
export default function AllFormsPage() {
  const { categories } = useConfig();
  const list = useFormList();
  const forms = list.data;
  const label = (id: string | null) => (id ? (categories.find((c) => c.id === id)?.label ?? id) : 'Your business');
  return (
    <PageFrame title="All forms" intro="Everything customers and our matching use to find you. Keep these up to date to get better quote requests.">
      <PageState failure={forms ? null : loadFailure('Your forms', list)} loading={!forms}>
        <Card>
          <List
            dataSource={forms ?? []}
            renderItem={(form) => (
              <List.Item
                actions={[
                  <LinkButton
                    key="open"
                    type={form.status === 'complete' ? 'default' : 'primary'}
                    to={form.path}
                    aria-label={`${ACTION[form.status]} ${form.title}`}
                  >
                    {ACTION[form.status]}
                  </LinkButton>,
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
      </PageState>
    </PageFrame>
  );
}
