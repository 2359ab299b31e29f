import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Input, Typography, type MenuProps } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { MESSAGE_MAX_LENGTH, type Message, type MessageSnippet } from '../../../shared/contracts/messages';
import { formatMoment } from '../lib/format/format-moment';
import { problemOf } from '../lib/forms/server-errors';
import { LinkifiedText } from './linkified-text';
import { PageState, type PageFailure } from './page-state';
import './message-thread.css';

interface MessageThreadProps {
  messages: Message[] | undefined;
  loading: boolean;
  failure: PageFailure | null;
  /** Who reads: their messages sit on the right. */
  me: 'vendor' | 'customer';
  /** The other side, as the thread names them ("Ana Ruiz", "Petal & Stem"). */
  otherName: string;
  /** Sends a message; without it the thread is read-only and `closedNote` says why. */
  onSend?: (body: string) => Promise<unknown>;
  closedNote?: ReactNode;
  /** The business's quick replies: picking one puts its text in the box (after what is there). Without it, no menu. */
  quickReplies?: readonly MessageSnippet[] | undefined;
  /** Opens the quick replies' manager; without it the menu has no "Manage" entry (the writer may not change them). */
  onManageQuickReplies?: (() => void) | undefined;
  /** The box's accessible name ("Write to Ana"). */
  composeLabel: string;
}

/** The menu's entry that opens the manager (no quick reply has this id: theirs are uuids). */
const MANAGE_KEY = 'manage-quick-replies';

/** The draft with a quick reply's text added: alone in an empty box, else after a blank line. */
export function withQuickReply(draft: string, text: string): string {
  return draft.trim() ? `${draft.trimEnd()}\n\n${text}` : text;
}

/** The field error of a refused message (a 400 naming `body`), or the problem's detail. */
function sendError(error: unknown): string {
  const problem = problemOf(error);
  return problem?.errors?.find((e) => e.path === 'body')?.message ?? problem?.detail ?? 'Your message could not be sent. Try again.';
}

/**
 * A quote's thread: each message as text (links clickable, never HTML), who wrote it and when,
 * "Read" with the time under the writer's last message the other side has read, and the box to
 * write the next one (Ctrl/⌘+Enter sends). The newest message stays in view.
 */
export function MessageThread({
  messages,
  loading,
  failure,
  me,
  otherName,
  onSend,
  closedNote,
  quickReplies,
  onManageQuickReplies,
  composeLabel,
}: MessageThreadProps) {
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [inserted, setInserted] = useState(0);
  const end = useRef<HTMLDivElement>(null);
  const box = useRef<TextAreaRef>(null);
  const count = messages?.length ?? 0;

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [count]);

  // After a quick reply goes in, the writer goes on typing at its end.
  useEffect(() => {
    if (inserted > 0) box.current?.focus({ cursor: 'end' });
  }, [inserted]);

  const insert = (text: string) => {
    setDraft((old) => withQuickReply(old, text));
    setError(null);
    setInserted((n) => n + 1);
  };

  const quickMenu: MenuProps | null =
    quickReplies === undefined
      ? null
      : {
          'aria-label': 'Quick replies',
          items: [
            ...(quickReplies.length > 0
              ? quickReplies.map((reply) => ({ key: reply.id, label: reply.title }))
              : [{ key: 'none', label: 'No quick replies yet', disabled: true }]),
            ...(onManageQuickReplies ? [{ type: 'divider' as const }, { key: MANAGE_KEY, label: 'Manage quick replies…' }] : []),
          ],
          onClick: ({ key }) => {
            if (key === MANAGE_KEY) onManageQuickReplies?.();
            const reply = quickReplies.find((r) => r.id === key);
            if (reply) insert(reply.body);
          },
        };

  const send = async () => {
    if (!onSend || sending) return;
    const body = draft.trim();
    if (body === '') {
      setError('Write a message');
      return;
    }
    setSending(true);
    setError(null);
    try {
      await onSend(body);
      setDraft('');
    } catch (caught) {
      setError(sendError(caught));
    } finally {
      setSending(false);
    }
  };

  const lastReadOfMine = [...(messages ?? [])].reverse().find((message) => message.from === me && message.readAt !== null);
  return (
    <div className="message-thread">
      <PageState
        failure={failure}
        loading={loading && !messages}
        rows={3}
        skeletonTitle={false}
        empty={count === 0 ? `No messages yet. Write to ${otherName} below.` : undefined}
      >
        <ol className="message-thread__list" aria-label={`Messages with ${otherName}`}>
          {messages?.map((message) => {
            const mine = message.from === me;
            return (
              <li key={message.id} className={mine ? 'message-thread__item message-thread__item--mine' : 'message-thread__item'} data-testid="thread-message">
                <div className="message-thread__bubble">
                  <span className="visually-hidden">{mine ? 'You' : otherName} wrote: </span>
                  <span className="message-thread__text">
                    <LinkifiedText text={message.body} />
                  </span>
                </div>
                <Typography.Text type="secondary" className="message-thread__meta">
                  {message.automatic ? 'Automatic reply · ' : ''}
                  <time dateTime={new Date(message.createdAt).toISOString()}>{formatMoment(message.createdAt)}</time>
                  {message === lastReadOfMine && message.readAt !== null && <> · Read {formatMoment(message.readAt)}</>}
                </Typography.Text>
              </li>
            );
          })}
        </ol>
        <div ref={end} />
      </PageState>
      {onSend ? (
        <form
          className="message-thread__compose"
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <Input.TextArea
            ref={box}
            aria-label={composeLabel}
            placeholder={`Write to ${otherName}`}
            value={draft}
            status={error ? 'error' : undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'message-thread-error' : undefined}
            maxLength={MESSAGE_MAX_LENGTH}
            rows={3}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                event.preventDefault();
                void send();
              }
            }}
          />
          {error && (
            <Typography.Text type="danger" id="message-thread-error" role="alert">
              {error}
            </Typography.Text>
          )}
          <div className="message-thread__actions">
            {quickMenu && (
              <Dropdown menu={quickMenu} trigger={['click']}>
                <Button>
                  Quick replies <DownOutlined aria-hidden />
                </Button>
              </Dropdown>
            )}
            {/* Disabled while sending, rather than antd's loading state, which was seen stuck after a quick round trip. */}
            <Button type="primary" htmlType="submit" disabled={sending} aria-busy={sending || undefined} className="message-thread__send">
              {sending ? 'Sending…' : 'Send'}
            </Button>
          </div>
        </form>
      ) : (
        closedNote && <Typography.Paragraph type="secondary">{closedNote}</Typography.Paragraph>
      )}
    </div>
  );
}
