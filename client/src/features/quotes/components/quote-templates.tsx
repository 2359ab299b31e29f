import { Button, Form, Input, Modal, Popconfirm, Select, Typography } from 'antd';
import { useState } from 'react';
import type { FieldError } from '../../../../../shared/contracts/problem';
import { QUOTE_TEMPLATE_NAME_MAX_LENGTH, QUOTE_TEMPLATES_PER_CATEGORY, type QuoteTemplate } from '../../../../../shared/contracts/quote-templates';
import { loadFailure, PageState } from '../../../components/page-state';
import { problemOf } from '../../../lib/forms/server-errors';
import { useToast } from '../../../lib/toast/toast';
import { useCreateQuoteTemplate } from '../api/create-quote-template';
import { useDeleteQuoteTemplate } from '../api/delete-quote-template';
import { useQuoteTemplates } from '../api/list-quote-templates';
import { useRenameQuoteTemplate } from '../api/rename-quote-template';

/** What a template keeps of the form as it stands: its answers, and the price and message when they are filled in. */
export interface TemplateContent {
  details: Record<string, unknown>;
  priceCents?: number;
  message?: string;
}

interface QuoteTemplatesProps {
  category: { id: string; label: string };
  /** The chosen template's id (the form started from it), or null. */
  chosen: string | null;
  onChoose(template: QuoteTemplate): void;
  /** The form as it stands, or, when its price or message is wrong, what to fix (the field says so too). */
  content(): TemplateContent | string;
  /** The server refused the form's fields (a 400 on `details.…`, `priceCents`, `message`): they go back on their fields. */
  onFieldErrors(errors: FieldError[]): void;
  /** Whether this person may save, rename and delete templates (those who may quote). */
  canEdit: boolean;
  disabled: boolean;
}

const nameError = (name: string): string | undefined => (name.trim() === '' ? 'Name this template' : undefined);

/** A template's name: its label above, the server's or the limit's error under it. */
function TemplateNameField(props: { id: string; label: string; value: string; error: string | undefined; showCount?: boolean; onChange(name: string): void }) {
  const { id, label, value, error, showCount, onChange } = props;
  return (
    <Form.Item label={label} htmlFor={id} labelCol={{ span: 24 }} wrapperCol={{ span: 24 }} validateStatus={error ? 'error' : undefined} help={error}>
      <Input
        id={id}
        value={value}
        maxLength={QUOTE_TEMPLATE_NAME_MAX_LENGTH}
        showCount={showCount}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </Form.Item>
  );
}

function SaveTemplateModal({
  open,
  onClose,
  ...props
}: Pick<QuoteTemplatesProps, 'category' | 'content' | 'onFieldErrors'> & { open: boolean; onClose(): void }) {
  const create = useCreateQuoteTemplate();
  const toast = useToast();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  const save = async () => {
    const wrongName = nameError(name);
    setError(wrongName);
    setFailure(null);
    if (wrongName) return;
    const content = props.content();
    if (typeof content === 'string') {
      setFailure(content);
      return;
    }
    try {
      const saved = await create.mutateAsync({ category: props.category.id, name: name.trim(), ...content });
      onClose();
      void toast.success(`Saved as the template "${saved.name}". Start a ${props.category.label.toLowerCase()} quote from it next time.`);
    } catch (caught) {
      const problem = problemOf(caught);
      const onName = problem?.errors?.find((e) => e.path === 'name');
      const onFields = (problem?.errors ?? []).filter((e) => e.path === 'priceCents' || e.path === 'message' || e.path.startsWith('details.'));
      if (onName) setError(onName.message);
      else if (onFields.length > 0) {
        props.onFieldErrors(onFields);
        setFailure('Some fields of the quote need your attention before it can be saved: they say what is wrong.');
      } else setFailure(problem?.detail ?? 'The template could not be saved. Check your connection and try again.');
    }
  };

  return (
    <Modal
      open={open}
      title="Save this quote as a template"
      okText="Save template"
      okButtonProps={{ loading: create.isPending }}
      onOk={() => void save()}
      onCancel={onClose}
      afterClose={() => {
        setName('');
        setError(undefined);
        setFailure(null);
      }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        Its answers, price and message are kept for your next {props.category.label.toLowerCase()} quotes. The couple’s name is not.
      </Typography.Paragraph>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <TemplateNameField
          id="quote-template-name"
          label="Template name"
          value={name}
          error={error}
          showCount
          onChange={(next) => {
            setName(next);
            setError(undefined);
          }}
        />
      </form>
      {failure && (
        <Typography.Paragraph type="danger" role="alert">
          {failure}
        </Typography.Paragraph>
      )}
    </Modal>
  );
}

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
 * "Save as template" (README: Marketplace, Quote templates): the quote form as it stands kept
 * under a name for the category's next quotes (at most 20 per category), beside Send.
 */
export function SaveAsTemplate(props: Pick<QuoteTemplatesProps, 'category' | 'content' | 'onFieldErrors' | 'disabled'>) {
  const templates = useQuoteTemplates(props.category.id);
  const [saving, setSaving] = useState(false);
  const full = (templates.data?.length ?? 0) >= QUOTE_TEMPLATES_PER_CATEGORY;
  return (
    <>
      <Button size="large" onClick={() => setSaving(true)} disabled={props.disabled || full}>
        Save as template
      </Button>
      {full && (
        <Typography.Text type="secondary" className="quote-templates__full">
          You have {QUOTE_TEMPLATES_PER_CATEGORY} {props.category.label.toLowerCase()} templates, the most you can keep. Delete one to save another.
        </Typography.Text>
      )}
      <SaveTemplateModal open={saving} onClose={() => setSaving(false)} category={props.category} content={props.content} onFieldErrors={props.onFieldErrors} />
    </>
  );
}

/**
 * "Start from template" (README: Marketplace, Quote templates): the category's saved quotes, one of
 * which fills the form, and "Manage templates" to rename or delete them. Nothing shows until the
 * business has one.
 */
export function QuoteTemplatePicker(props: Pick<QuoteTemplatesProps, 'category' | 'chosen' | 'onChoose' | 'canEdit' | 'disabled'>) {
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
