import { Button, Result, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import type { ContactReceipt } from '../../../../../shared/contracts/support';

/** After sending: where the answer will come, and whether a copy was mailed (only to a verified address); focus moves here so it is read out. */
export function ContactSent({ receipt, onAnother }: { receipt: ContactReceipt; onAnother(): void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Result
      status="success"
      className="contact__sent"
      title={
        <h3 className="result-title contact__sent-title" tabIndex={-1} ref={heading}>
          Thanks, your message is on its way to support
        </h3>
      }
      subTitle={
        <>
          Support will answer you at <Typography.Text strong>{receipt.replyTo}</Typography.Text>.{' '}
          {receipt.copySent
            ? 'We mailed you a copy of what you sent; reply to it to add anything.'
            : 'We did not mail you a copy: your email address is not verified yet. Verify it with the link in your welcome mail, or ask for a new link in the banner at the top of the page.'}
        </>
      }
      extra={<Button onClick={onAnother}>Write another message</Button>}
    />
  );
}
