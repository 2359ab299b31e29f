import type { ContactTopic } from '../../shared/contracts/support';

/**
 * The domain events the support module publishes, added to core's map of events
 * (core/events/domain-events.ts) from here.
 */
declare module '../core/events/domain-events' {
  interface DomainEvents {
    /** Someone of a business wrote to support (`/contact`): support is mailed with the business and the person named, the sender gets a copy when their address is verified. */
    'support.contacted': {
      vendorId: string;
      businessName: string;
      userEmail: string;
      userRole: string;
      /** Whether the sender's address is verified: an unverified one gets no copy, and support is told. */
      userEmailVerified: boolean;
      topic: ContactTopic;
      /** Plain text as written (trimmed): never HTML. */
      message: string;
    };
  }
}

export {};
