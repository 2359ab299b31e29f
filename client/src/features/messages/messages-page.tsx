import { ArrowLeftOutlined } from '@ant-design/icons';
import { Badge, Button, Grid, Input, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { QuoteStatus } from '../../../../shared/contracts/marketplace';
import type { ThreadSummary } from '../../../../shared/contracts/messages';
import { MessageThread } from '../../components/message-thread';
import { PageFrame } from '../../components/page-frame';
import { loadFailure, PageState } from '../../components/page-state';
import { QuickRepliesManager } from '../../components/quick-replies-manager';
import { useAppAbility } from '../../lib/ability/ability-context';
import { useConfig } from '../../lib/config/config-context';
import { formatDay } from '../../lib/format/format-day';
import { formatMoment } from '../../lib/format/format-moment';
import { useThread } from '../../lib/messages/api/get-thread';
import { useThreads } from '../../lib/messages/api/list-threads';
import { usePostMessage } from '../../lib/messages/api/post-message';
import { useQuickReplies } from '../../lib/quick-replies/api/list-quick-replies';
import { useQuotePath } from '../../lib/router/use-quote-path';
import { vendorWriteRefusal } from '../../../../shared/marketplace/vendor-write-refusal';
import './messages.css';

/** How a quote's status reads in the inbox. */
const STATUS: Record<QuoteStatus, { label: string; color: string }> = {
  potential: { label: 'New match', color: 'blue' },
  submitted: { label: 'Quote sent', color: 'purple' },
  accepted: { label: 'Booked', color: 'green' },
  completed: { label: 'Completed', color: 'green' },
  rejected: { label: 'Turned down', color: 'default' },
  closed: { label: 'Closed', color: 'default' },
};

/** Waits for the vendor to stop typing before searching. */
function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

function ThreadRow({ thread, selected, onOpen }: { thread: ThreadSummary; selected: boolean; onOpen(): void }) {
  const last = thread.lastMessage;
  return (
    <li>
      <button
        type="button"
        className={selected ? 'inbox__row inbox__row--selected' : 'inbox__row'}
        aria-current={selected ? 'true' : undefined}
        onClick={onOpen}
        data-testid="inbox-thread"
      >
        <span className="inbox__row-head">
          <span className={thread.unread > 0 ? 'inbox__name inbox__name--unread' : 'inbox__name'}>{thread.customerName}</span>
          {last && <span className="inbox__when">{formatMoment(last.createdAt)}</span>}
        </span>
        <span className="inbox__row-body">
          <span className="inbox__preview">
            {last?.from === 'vendor' ? 'You: ' : ''}
            {last?.body ?? ''}
          </span>
          {thread.unread > 0 && <Badge count={thread.unread} aria-label={`${thread.unread} unread`} />}
        </span>
      </button>
    </li>
  );
}

function OpenThread({ thread, onBack }: { thread: ThreadSummary; onBack?: () => void }) {
  const { categories } = useConfig();
  const quotePath = useQuotePath();
  const ability = useAppAbility();
  const messages = useThread(thread.quoteId);
  const post = usePostMessage(thread.quoteId);
  const path = quotePath({ id: thread.quoteId, category: thread.category });
  const label = categories.find((c) => c.id === thread.category)?.label ?? thread.category;
  const status = STATUS[thread.quoteStatus];
  const refusal = vendorWriteRefusal(thread.quoteStatus);
  const canWrite = ability.can('create', 'Message') && refusal === null;
  const quickReplies = useQuickReplies(canWrite);
  const [managing, setManaging] = useState(false);
  return (
    <section className="inbox__thread" aria-labelledby="thread-title">
      <header className="inbox__thread-head">
        {onBack && (
          <Button type="link" icon={<ArrowLeftOutlined aria-hidden />} onClick={onBack} className="inbox__back">
            All messages
          </Button>
        )}
        <Typography.Title level={3} id="thread-title" className="inbox__thread-title">
          {thread.customerName}
        </Typography.Title>
        <Typography.Text type="secondary">
          {label} · {formatDay(thread.eventDate)} <Tag color={status.color}>{status.label}</Tag>
        </Typography.Text>
        {path && <Link to={path}>Open the quote</Link>}
      </header>
      <MessageThread
        messages={messages.data}
        loading={messages.isPending}
        failure={loadFailure('This conversation', messages)}
        me="vendor"
        otherName={thread.customerName}
        composeLabel={`Write to ${thread.customerName}`}
        quickReplies={quickReplies.data}
        onManageQuickReplies={ability.can('update', 'Settings') ? () => setManaging(true) : undefined}
        {...(canWrite ? { onSend: (body: string) => post.mutateAsync(body) } : { closedNote: refusal ?? undefined })}
      />
      <QuickRepliesManager open={managing} onClose={() => setManaging(false)} />
    </section>
  );
}

/**
 * `/messages`: the inbox. Threads with unread messages first, then by last message; a search by
 * the couple's name or the text; the open thread beside the list on a wide screen and alone on a
 * phone (`?thread=<quote id>`, the link the team's mails carry).
 */
export default function MessagesPage() {
  const [params, setParams] = useSearchParams();
  const screens = Grid.useBreakpoint();
  const wide = screens.lg ?? false;
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 300);
  const threads = useThreads(q);
  const list = useMemo(() => threads.data?.pages.flatMap((page) => page.data) ?? [], [threads.data]);
  const openId = params.get('thread');
  // The open conversation stays open while a search leaves it out of the list.
  const [seen, setSeen] = useState<ThreadSummary | undefined>(undefined);
  const found = list.find((thread) => thread.quoteId === openId);
  if (found && found !== seen) setSeen(found);
  const open = found ?? (seen?.quoteId === openId ? seen : undefined);
  const select = (quoteId: string | null) =>
    setParams((old) => {
      const next = new URLSearchParams(old);
      if (quoteId) next.set('thread', quoteId);
      else next.delete('thread');
      return next;
    });

  const listPane = (
    <div className="inbox__list-pane">
      <Input.Search
        allowClear
        placeholder="Search by name or message"
        aria-label="Search messages"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        maxLength={200}
      />
      <PageState
        failure={loadFailure('Your messages', threads)}
        loading={threads.isPending}
        rows={4}
        empty={
          list.length === 0
            ? q
              ? `No conversation matches "${q}".`
              : 'No messages yet. When you quote a couple or they write to you, the conversation appears here.'
            : undefined
        }
      >
        <ul className="inbox__list" aria-label="Conversations">
          {list.map((thread) => (
            <ThreadRow key={thread.quoteId} thread={thread} selected={thread.quoteId === openId} onOpen={() => select(thread.quoteId)} />
          ))}
        </ul>
        {threads.hasNextPage && (
          <Button block onClick={() => void threads.fetchNextPage()} loading={threads.isFetchingNextPage}>
            Show more
          </Button>
        )}
      </PageState>
    </div>
  );

  const missing = openId && !open && !threads.isPending && (
    <PageState
      empty="This conversation is not in your inbox, or it has no messages yet."
      emptyAction={<Button onClick={() => select(null)}>All messages</Button>}
    />
  );

  return (
    <PageFrame title="Messages" className="inbox">
      {wide ? (
        <div className="inbox__layout">
          {listPane}
          <div className="inbox__thread-pane">
            {open ? <OpenThread key={open.quoteId} thread={open} /> : missing || <PageState empty="Choose a conversation to read it." />}
          </div>
        </div>
      ) : openId ? (
        open ? (
          <OpenThread key={open.quoteId} thread={open} onBack={() => select(null)} />
        ) : (
          missing || <PageState loading rows={4} />
        )
      ) : (
        listPane
      )}
    </PageFrame>
  );
}
