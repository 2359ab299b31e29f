import { Card } from 'antd';
import { useState } from 'react';
import type { QuoteDetail } from '../../../../../shared/contracts/marketplace';
import { MessageThread } from '../../../components/message-thread';
import { loadFailure } from '../../../components/page-state';
import { QuickRepliesManager } from '../../../components/quick-replies-manager';
import { useAppAbility } from '../../../lib/ability/ability-context';
import { useThread } from '../../../lib/messages/api/get-thread';
import { usePostMessage } from '../../../lib/messages/api/post-message';
import { useQuickReplies } from '../../../lib/quick-replies/api/list-quick-replies';
import { vendorWriteRefusal } from '../../../../../shared/marketplace/vendor-write-refusal';

/** The quote's conversation with the couple, on its page: read, and write on a quote sent (vendorWriteRefusal says why not otherwise). */
export function QuoteDetailMessages({ quote }: { quote: QuoteDetail }) {
  const ability = useAppAbility();
  const thread = useThread(quote.id, { enabled: ability.can('read', 'Message') });
  const post = usePostMessage(quote.id);
  const refusal = vendorWriteRefusal(quote.status);
  const canWrite = ability.can('create', 'Message') && refusal === null;
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
        {...(canWrite ? { onSend: (body: string) => post.mutateAsync(body) } : { closedNote: refusal ?? undefined })}
      />
      <QuickRepliesManager open={managing} onClose={() => setManaging(false)} />
    </Card>
  );
}
