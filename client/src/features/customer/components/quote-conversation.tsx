import { Badge, Button } from 'antd';
import { useState } from 'react';
import { MessageThread } from '../../../components/message-thread';
import { loadFailure } from '../../../components/page-state';
import { useCoupleThread } from '../api/get-couple-thread';
import { usePostCoupleMessage } from '../api/post-couple-message';

interface QuoteConversationProps {
  token: string;
  quoteId: string;
  vendorName: string;
  /** The vendor's messages the couple has not read: the conversation opens by itself when there are some. */
  unread: number;
}

/** Under a quote: the conversation with its vendor, and the box to write to them. */
export function QuoteConversation({ token, quoteId, vendorName, unread }: QuoteConversationProps) {
  const [open, setOpen] = useState(unread > 0);
  const thread = useCoupleThread(token, quoteId, open);
  const post = usePostCoupleMessage(token, quoteId);
  if (!open) {
    return (
      <Badge count={unread} offset={[-4, 4]}>
        <Button onClick={() => setOpen(true)} aria-label={`Messages with ${vendorName}`}>
          {unread > 0 ? 'Read their messages' : `Message ${vendorName}`}
        </Button>
      </Badge>
    );
  }
  return (
    <section className="customer-request__section quote-conversation" aria-label={`Messages with ${vendorName}`}>
      <MessageThread
        messages={thread.data}
        loading={thread.isPending}
        failure={loadFailure('Your messages', thread)}
        me="customer"
        otherName={vendorName}
        composeLabel={`Write to ${vendorName}`}
        onSend={(body) => post.mutateAsync(body)}
      />
    </section>
  );
}
