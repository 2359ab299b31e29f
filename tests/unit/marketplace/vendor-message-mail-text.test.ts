import { describe, expect, it } from 'vitest';
import { vendorMessageMailText } from '../../../shared/marketplace/vendor-message-mail-text';

describe('vendorMessageMailText', () => {
  it('when a business writes to a couple, then the mail is from the business by name, greets the couple and carries the message as written', () => {
    expect(vendorMessageMailText({ coupleFirstName: 'Jordan', businessName: 'Sugar Bloom', body: 'Hello!\n\nCakes start at $6.50 a slice.' })).toEqual({
      subject: 'Sugar Bloom wrote to you',
      greeting: 'Hi Jordan,',
      lead: 'Sugar Bloom wrote:',
      body: 'Hello!\n\nCakes start at $6.50 a slice.',
      action: 'Reply',
    });
  });

  it('when the mail carries several messages, then the lead says how many', () => {
    expect(vendorMessageMailText({ coupleFirstName: 'Jordan', businessName: 'Sugar Bloom', body: 'One\n\nTwo\n\nThree', count: 3 }).lead).toBe(
      'Sugar Bloom wrote 3 messages:',
    );
  });
});
