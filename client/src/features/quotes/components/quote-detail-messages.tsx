import { Card } from 'antd';
import { useState } from 'react';
import type { QuoteDetail } from '../../../../../shared/contracts/marketplace';
import { MessageThread } from '../../../components/message-thread';
import { loadFailure } from '../../../components/page-state';
import { QuickRepliesManager } from '../../../components/quick-replies-manager';
import { useAppAbility } from '../../../lib/ability/ability-context';
import { usePostMessage, useThread } from '../../../lib/messages/messages-api';
import { useQuickReplies } from '../../../lib/quick-replies/api/list-quick-replies';

/** The quote's conversation with the couple, on its page: read and write once the match is answered. */
export function QuoteDetailMessages({ quote }: { quote: QuoteDetail }) {
  const ability = useAppAbility();
  const thread = useThread(quote.id, { enabled: ability.can('read', 'Message') });
  const post = usePostMessage(quote.id);
  const canWrite = ability.can('create', 'Message') && quote.status !== 'potential';
  const quickReplies = useQuickReplies(canWrite);
  const [managing, setManaging] = useState(false);
  return (
    <Card className="quote-detail__card" title={<h3 className="quote-detail__card-title">Messages with {quote.customer.name}</h3>} data-testid="quote-messages">
      <MessageThread
        messages={thread.data}
        loading={thread.isPending}
        failure={loadFailure('The messages', thread)}
        me="vendor"
        otherName={quote.customer.name}
        composeLabel={`Write to ${quote.customer.name}`}
        quickReplies={quickReplies.data}
        onManageQuickReplies={ability.can('update', 'Settings') ? () => setManaging(true) : undefined}
        {...(canWrite
          ? { onSend: (body: string) => post.mutateAsync(body) }
          : { closedNote: quote.status === 'potential' ? 'Send your quote first: the couple reads your messages beside it.' : undefined })}
      />
      <QuickRepliesManager open={managing} onClose={() => setManaging(false)} />
    </Card>
  );
}
