import { Button, Form, Modal, Popconfirm, Select, Typography } from 'antd';
import { useState } from 'react';
import type { QuoteTemplate } from '../../../../../shared/contracts/quote-templates';
import { loadFailure, PageState } from '../../../components/page-state';
import { problemOf } from '../../../lib/forms/server-errors';
import { useDeleteQuoteTemplate } from '../api/delete-quote-template';
import { useQuoteTemplates } from '../api/list-quote-templates';
import { useRenameQuoteTemplate } from '../api/rename-quote-template';
import { nameError, TemplateNameField } from './template-name-field';

interface QuoteTemplatePickerProps {
  category: { id: string; label: string };
  /** The chosen template's id (the form started from it), or null. */
  chosen: string | null;
  onChoose(template: QuoteTemplate): void;
  /** Whether this person may rename and delete templates (those who may quote). */
  canEdit: boolean;
  disabled: boolean;
}

/** One template in "Manage templates": its name, or the rename form, and Delete. */
function TemplateRow({ template, canEdit }: { template: QuoteTemplate; canEdit: boolean }) {
  const rename = useRenameQuoteTemplate();
  const remove = useDeleteQuoteTemplate();
  const [name, setName] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const inputId = `quote-template-${template.id}`;

  const saveName = async () => {
    if (name === null) return;
    const wrong = nameError(name);
    setError(wrong);
    if (wrong) return;
    try {
      await rename.mutateAsync({ id: template.id, name: name.trim() });
      setName(null);
    } catch (caught) {
      const problem = problemOf(caught);
      setError(problem?.errors?.find((e) => e.path === 'name')?.message ?? problem?.detail ?? 'The name could not be saved. Try again.');
    }
  };

  if (name !== null) {
    return (
      <li className="dialog-list__item quote-templates__item">
        <form
          className="quote-templates__rename"
          aria-label={`Rename "${template.name}"`}
          onSubmit={(event) => {
            event.preventDefault();
            void saveName();
          }}
        >
          <TemplateNameField
            id={inputId}
            label="New name"
            value={name}
            error={error}
            onChange={(next) => {
              setName(next);
              setError(undefined);
            }}
          />
          <div className="quote-templates__row-actions">
            <Button onClick={() => setName(null)} disabled={rename.isPending}>
              Cancel
            </Button>
            <Button type="primary" htmlType="submit" loading={rename.isPending}>
              Save name
            </Button>
          </div>
        </form>
      </li>
    );
  }

  return (
    <li className="dialog-list__item quote-templates__item">
      <Typography.Text strong className="quote-templates__name">
        {template.name}
      </Typography.Text>
      {canEdit && (
        <div className="quote-templates__row-actions">
          <Button onClick={() => setName(template.name)} aria-label={`Rename "${template.name}"`}>
            Rename
          </Button>
          <Popconfirm
            title={`Delete "${template.name}"?`}
            okText="Delete"
            okButtonProps={{ danger: true }}
            cancelText="Keep"
            onConfirm={() => remove.mutateAsync(template)}
          >
            <Button danger aria-label={`Delete "${template.name}"`} disabled={remove.isPending}>
              Delete
            </Button>
          </Popconfirm>
        </div>
      )}
    </li>
  );
}

/**
 * "Start from template" (docs/marketplace.md, Quote templates): the category's saved quotes, one of
 * which fills the form, and "Manage templates" to rename or delete them. Nothing shows until the
 * business has one.
 */
export function QuoteTemplatePicker(props: QuoteTemplatePickerProps) {
  const templates = useQuoteTemplates(props.category.id);
  const [managing, setManaging] = useState(false);
  const list = templates.data ?? [];
  if (list.length === 0 && !managing) return null;

  return (
    <div className="quote-templates">
      <Form.Item
        label="Start from template"
        htmlFor="quote-template-start"
        labelCol={{ span: 24 }}
        wrapperCol={{ span: 24 }}
        className="quote-templates__start"
      >
        <Select
          id="quote-template-start"
          value={list.some((t) => t.id === props.chosen) ? props.chosen : undefined}
          placeholder="Choose one of your templates"
          disabled={props.disabled}
          options={list.map((template) => ({ value: template.id, label: template.name }))}
          onChange={(id: string) => {
            const template = list.find((t) => t.id === id);
            if (template) props.onChoose(template);
          }}
        />
      </Form.Item>
      <Button type="link" className="quote-templates__manage" onClick={() => setManaging(true)}>
        Manage templates
      </Button>
      <Modal
        open={managing}
        title={`Your ${props.category.label.toLowerCase()} quote templates`}
        onCancel={() => setManaging(false)}
        footer={
          <Button type="primary" onClick={() => setManaging(false)}>
            Done
          </Button>
        }
        destroyOnHidden
      >
        <PageState
          failure={loadFailure('Your templates', templates)}
          loading={templates.isPending}
          rows={3}
          empty={list.length === 0 ? 'No templates left. Save a quote as a template to start the next one from it.' : undefined}
        >
          <ul className="dialog-list" aria-label="Your templates">
            {list.map((template) => (
              <TemplateRow key={template.id} template={template} canEdit={props.canEdit} />
            ))}
          </ul>
        </PageState>
      </Modal>
    </div>
  );
}
