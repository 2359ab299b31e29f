import { Button, Form, Input, Modal, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { SNIPPET_BODY_MAX_LENGTH, SNIPPET_TITLE_MAX_LENGTH, SNIPPETS_PER_BUSINESS, type MessageSnippet } from '../../../shared/contracts/messages';
import { problemOf } from '../lib/forms/server-errors';
import { useDeleteQuickReply } from '../lib/quick-replies/api/delete-quick-reply';
import { useQuickReplies } from '../lib/quick-replies/api/list-quick-replies';
import { useSaveQuickReply } from '../lib/quick-replies/api/save-quick-reply';
import { loadFailure, PageState } from './page-state';
import './quick-replies-manager.css';

/** The quick reply being written: a new one (no id) or one of the list. */
interface Draft {
  id?: string;
  title: string;
  body: string;
}

type FieldErrors = Partial<Record<'title' | 'body', string>>;

/** What is wrong with a draft before it is sent (the server says the same of what slips through). */
function draftErrors(draft: Draft): FieldErrors {
  return {
    ...(draft.title.trim() === '' ? { title: 'Name this quick reply' } : {}),
    ...(draft.body.trim() === '' ? { body: 'Write the reply' } : {}),
  };
}

function QuickReplyForm({ draft, onDone }: { draft: Draft; onDone(): void }) {
  const save = useSaveQuickReply();
  const [title, setTitle] = useState(draft.title);
  const [body, setBody] = useState(draft.body);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async () => {
    const found = draftErrors({ title, body });
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    try {
      await save.mutateAsync({ id: draft.id, title: title.trim(), body: body.trim() });
      onDone();
    } catch (error) {
      const problem = problemOf(error);
      const fields: FieldErrors = {};
      for (const e of problem?.errors ?? []) if (e.path === 'title' || e.path === 'body') fields[e.path] = e.message;
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFailure(problem?.detail ?? 'The quick reply could not be saved. Check your connection and try again.');
    }
  };

  return (
    <form
      className="quick-replies__form"
      aria-label={draft.id ? `Edit "${draft.title}"` : 'New quick reply'}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Form.Item
        label="Name"
        htmlFor="quick-reply-title"
        labelCol={{ span: 24 }}
        wrapperCol={{ span: 24 }}
        validateStatus={errors.title ? 'error' : undefined}
        help={errors.title}
      >
        <Input
          id="quick-reply-title"
          value={title}
          maxLength={SNIPPET_TITLE_MAX_LENGTH}
          showCount
          onChange={(event) => {
            setTitle(event.target.value);
            setErrors((old) => ({ ...old, title: undefined }));
          }}
        />
      </Form.Item>
      <Form.Item
        label="Text"
        htmlFor="quick-reply-body"
        labelCol={{ span: 24 }}
        wrapperCol={{ span: 24 }}
        validateStatus={errors.body ? 'error' : undefined}
        help={errors.body}
      >
        <Input.TextArea
          id="quick-reply-body"
          rows={5}
          value={body}
          maxLength={SNIPPET_BODY_MAX_LENGTH}
          showCount
          onChange={(event) => {
            setBody(event.target.value);
            setErrors((old) => ({ ...old, body: undefined }));
          }}
        />
      </Form.Item>
      {failure && (
        <Typography.Paragraph type="danger" role="alert">
          {failure}
        </Typography.Paragraph>
      )}
      <div className="quick-replies__form-actions">
        <Button onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="primary" htmlType="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </Button>
      </div>
    </form>
  );
}

function QuickReplyRow({ reply, onEdit }: { reply: MessageSnippet; onEdit(): void }) {
  const remove = useDeleteQuickReply();
  return (
    <li className="dialog-list__item quick-replies__item" data-testid="quick-reply">
      <div className="quick-replies__text">
        <Typography.Text strong>{reply.title}</Typography.Text>
        <Typography.Paragraph type="secondary" className="quick-replies__body" ellipsis={{ rows: 2 }}>
          {reply.body}
        </Typography.Paragraph>
      </div>
      <div className="quick-replies__row-actions">
        <Button onClick={onEdit} aria-label={`Edit "${reply.title}"`}>
          Edit
        </Button>
        <Popconfirm
          title={`Delete "${reply.title}"?`}
          okText="Delete"
          okButtonProps={{ danger: true }}
          cancelText="Keep"
          onConfirm={() => remove.mutateAsync(reply.id)}
        >
          <Button danger aria-label={`Delete "${reply.title}"`} disabled={remove.isPending}>
            Delete
          </Button>
        </Popconfirm>
      </div>
    </li>
  );
}

/**
 * The business's quick replies in a dialog, opened from a composer's "Quick replies" menu: each
 * with its name and the start of its text, to edit or delete; a new one goes last (at most 50).
 */
export function QuickRepliesManager({ open, onClose }: { open: boolean; onClose(): void }) {
  const replies = useQuickReplies(open);
  const [draft, setDraft] = useState<Draft | null>(null);
  const list = replies.data ?? [];
  const full = list.length >= SNIPPETS_PER_BUSINESS;

  return (
    <Modal
      open={open}
      title="Quick replies"
      onCancel={onClose}
      afterClose={() => setDraft(null)}
      footer={
        <Button type="primary" onClick={onClose}>
          Done
        </Button>
      }
      destroyOnHidden
    >
      {draft ? (
        <QuickReplyForm key={draft.id ?? 'new'} draft={draft} onDone={() => setDraft(null)} />
      ) : (
        <PageState
          failure={loadFailure('Your quick replies', replies)}
          loading={replies.isPending}
          rows={3}
          empty={list.length === 0 ? 'No quick replies yet. Add the answers you send most often.' : undefined}
        >
          <ul className="dialog-list" aria-label="Your quick replies">
            {list.map((reply) => (
              <QuickReplyRow key={reply.id} reply={reply} onEdit={() => setDraft(reply)} />
            ))}
          </ul>
        </PageState>
      )}
      {!draft && !replies.isPending && !replies.isError && (
        <div className="quick-replies__add">
          <Button onClick={() => setDraft({ title: '', body: '' })} disabled={full}>
            Add a quick reply
          </Button>
          {full && <Typography.Text type="secondary">You have {SNIPPETS_PER_BUSINESS}, the most you can keep. Delete one to add another.</Typography.Text>}
        </div>
      )}
    </Modal>
  );
}
