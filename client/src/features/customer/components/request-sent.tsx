import { MailOutlined } from '@ant-design/icons';
import { Button, Card, Result, Typography } from 'antd';
import { useEffect, useRef } from 'react';

interface RequestSentProps {
  email: string;
  /** "florist", as it reads in a sentence. */
  vendorKind: string;
  location: string;
  /** A request to one vendor from their profile. */
  direct: boolean;
  onAnother(): void;
}

/** After posting: the request waits for the customer to open the mailed link; what happens next. */
export function RequestSent({ email, vendorKind, location, direct, onAnother }: RequestSentProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Card className="customer-step">
      <Result
        icon={<MailOutlined aria-hidden="true" />}
        status="success"
        title={
          <h1 className="result-title customer-step__title" tabIndex={-1} ref={heading}>
            Check your email
          </h1>
        }
        subTitle={
          <>
            We sent a link to <Typography.Text strong>{email}</Typography.Text>.
          </>
        }
        extra={
          <Button size="large" onClick={onAnother}>
            Get quotes for something else
          </Button>
        }
      >
        <Typography.Paragraph>
          Open the link to send your request {direct ? 'to the vendor' : `to ${vendorKind} vendors near ${location}`}. Nothing is sent until you open it, so
          check that the address is yours.
        </Typography.Paragraph>
        <Typography.Paragraph>
          The link also opens the page where your quotes arrive. We email you each time a vendor sends one, and you can book the one you like there.
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary">
          No email within a few minutes? Look in your spam folder, or ask again with another address.
        </Typography.Paragraph>
      </Result>
    </Card>
  );
}
