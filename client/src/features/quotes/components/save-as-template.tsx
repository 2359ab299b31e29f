import { Button, Modal, Typography } from 'antd';
import { useState } from 'react';
import type { FieldError } from '../../../../../shared/contracts/problem';
import { QUOTE_TEMPLATES_PER_CATEGORY } from '../../../../../shared/contracts/quote-templates';
import { problemOf } from '../../../lib/forms/server-errors';
import { useToast } from '../../../lib/toast/toast';
import { useCreateQuoteTemplate } from '../api/create-quote-template';
import { useQuoteTemplates } from '../api/list-quote-templates';
import { nameError, TemplateNameField } from './template-name-field';

/** What a template keeps of the form as it stands: its answers, and the price and message when they are filled in. */
export interface TemplateContent {
  details: Record<string, unknown>;
  priceCents?: number;
  message?: string;
}

interface SaveAsTemplateProps {
  category: { id: string; label: string };
  /** The form as it stands, or, when its price or message is wrong, what to fix (the field says so too). */
  content(): TemplateContent | string;
  /** The server refused the form's fields (a 400 on `details.…`, `priceCents`, `message`): they go back on their fields. */
  onFieldErrors(errors: FieldError[]): void;
  disabled: boolean;
}

function SaveTemplateModal({ open, onClose, ...props }: Omit<SaveAsTemplateProps, 'disabled'> & { open: boolean; onClose(): void }) {
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
        Its answers, price and message are kept for your next {props.category.label.toLowerCase()} quotes. What the message says of this couple (their name,
        date, guests and place) is kept as merge fields, filled in for the next couple; answers taken from their request are not kept.
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

/**
 * "Save as template" (docs/marketplace.md, Quote templates): the quote form as it stands kept
 * under a name for the category's next quotes (at most 20 per category), beside Send.
 */
export function SaveAsTemplate(props: SaveAsTemplateProps) {
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
