/**
 * The domain events the messages module publishes, added to core's map of events
 * (core/events/domain-events.ts) from here: subscribers read their payloads from `DomainEvents`.
 */
declare module '../core/events/domain-events' {
  interface DomainEvents {
    /** A message was written in a quote's thread (by the business, an auto-response included, or the couple). */
    'message.created': {
      messageId: string;
      quoteId: string;
      requestId: string;
      vendorId: string;
      from: 'vendor' | 'customer';
      /** Sent by the business's auto-response, not by a person. */
      automatic: boolean;
      body: string;
      customerName: string;
      customerEmail: string;
      /**
       * From the couple: whether the team should be mailed (the thread was read since the last
       * mail, or that mail is 10 minutes old); the messages module decides, notifications obey.
       */
      mailTeam: boolean;
    };
    /**
     * The business's messages the couple has neither read nor been mailed are due in one mail (a
     * minute after the first, at most once per thread in 10 minutes: docs/marketplace.md: Messages). Its
     * automatic first reply is mailed on `message.created` instead.
     */
    'messages.due-to-couple': {
      quoteId: string;
      requestId: string;
      vendorId: string;
      customerName: string;
      customerEmail: string;
      /** Oldest first. */
      messages: { body: string; createdAt: number }[];
    };
    /** One side read the other's messages in a thread (the other side's "Read" receipts and unread counts change). */
    'messages.read': { quoteId: string; vendorId: string; reader: 'vendor' | 'customer' };
  }
}

export {};
