import { LoadingOutlined } from '@ant-design/icons';
import { Typography } from 'antd';

/**
 * The couple's request is confirmed and its vendors are still being found (matching runs on the
 * server after the confirm answered, usually within a second): said plainly, with what happens
 * next, until the page reads the outcome.
 */
export function FindingVendors({ categoryLabel, location }: { categoryLabel: string; location: string }) {
  return (
    <div className="customer-request__finding">
      <LoadingOutlined aria-hidden className="customer-request__finding-icon" />
      <div>
        <Typography.Text strong>Finding vendors for you…</Typography.Text>
        <Typography.Paragraph type="secondary" className="customer-request__finding-note">
          {`We are sending your request to ${categoryLabel.toLowerCase()} vendors near ${location} who are free on your date. This takes a few seconds; you can also close this page, and we will email you when a quote arrives.`}
        </Typography.Paragraph>
      </div>
    </div>
  );
}
