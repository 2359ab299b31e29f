import { Card } from 'antd';
import type { QuoteDetail } from '../../../../../shared/contracts/marketplace';
import { MessageThread } from '../../../components/message-thread';
import { loadFailure } from '../../../components/page-state';
import { useAppAbility } from '../../../lib/ability/ability-context';
import { usePostMessage, useThread } from '../../../lib/messages/messages-api';

/** The quote's conversation with the couple, on its page: read and write once the match is answered. */
export function QuoteDetailMessages({ quote }: { quote: QuoteDetail }) {
  const ability = useAppAbility();
  const thread = useThread(quote.id, { enabled: ability.can('read', 'Message') });
  const post = usePostMessage(quote.id);
  const canWrite = ability.can('create', 'Message') && quote.status !== 'potential';
  return (
    <Card className="quote-detail__card" title={<h3 className="quote-detail__card-title">Messages with {quote.customer.name}</h3>} data-testid="quote-messages">
      <MessageThread
        messages={thread.data}
        loading={thread.isPending}
        failure={loadFailure('The messages', thread)}
        me="vendor"
        otherName={quote.customer.name}
        composeLabel={`Write to ${quote.customer.name}`}
        {...(canWrite
          ? { onSend: (body: string) => post.mutateAsync(body) }
          : { closedNote: quote.status === 'potential' ? 'Send your quote first: the couple reads your messages beside it.' : undefined })}
      />
    </Card>
  );
}
