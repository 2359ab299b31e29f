import { ArrowLeftOutlined, PrinterOutlined } from '@ant-design/icons';
import { Button, Descriptions, Result, Tag, Typography } from 'antd';
import { Link, useParams } from 'react-router-dom';
import { sellerAddressLines } from '../../../../shared/billing/seller-address-lines';
import type { Seller } from '../../../../shared/contracts/app-config';
import { useConfig } from '../../lib/config/config-context';
import { problemOf } from '../../lib/forms/server-errors';
import { usePathOf } from '../../lib/router/use-path-of';
import { useSessionVendor } from '../../lib/session/use-session';
import { useInvoice } from './api/get-invoice';
import { formatDate, formatPeriod } from './billing-dates';
import { creditCount, money } from './billing-money';
import { INVOICE_STATUS } from './billing-labels';
import { billingLoadFailure } from './billing-problem';
import { PageState } from '../../components/page-state';
import { BillingFrame } from './components/billing-frame';
import { CardSummary } from './components/card-summary';
import './billing.css';

/** The seller's legal name and postal address (app.json `seller`), as every receipt names them. */
function SellerAddress({ seller }: { seller: Seller }) {
  return (
    <address className="receipt__seller">
      {[seller.legalName, ...sellerAddressLines(seller.address)].map((line) => (
        <span key={line} className="receipt__seller-line">
          {line}
        </span>
      ))}
    </address>
  );
}

/**
 * `/billing/receipts/:id`: one invoice as a receipt (the seller, the business, what it paid for,
 * period, amount, card, date, state) with Print; the print stylesheet leaves the menu, bars and
 * buttons out.
 */
export default function ReceiptPage() {
  const { id = '' } = useParams();
  const invoice = useInvoice(id);
  const { app } = useConfig();
  const vendor = useSessionVendor();
  const pathOf = usePathOf();
  const back = (
    <Link to={pathOf('billing')} className="receipt__back no-print">
      <ArrowLeftOutlined aria-hidden /> Billing
    </Link>
  );

  if (invoice.isError) {
    const notFound = problemOf(invoice.error)?.status === 404;
    return (
      <BillingFrame title="Receipt">
        {back}
        {notFound ? (
          <Result
            status="404"
            title={<h3 className="result-title">We could not find this receipt</h3>}
            subTitle="It is not one of your business's invoices, or the link is incomplete."
          />
        ) : (
          <PageState failure={billingLoadFailure('This receipt', invoice)} />
        )}
      </BillingFrame>
    );
  }
  if (!invoice.data) {
    return (
      <BillingFrame title="Receipt">
        {back}
        <PageState loading />
      </BillingFrame>
    );
  }

  const data = invoice.data;
  const status = INVOICE_STATUS[data.status];
  const business = typeof vendor?.business_name === 'string' && vendor.business_name ? vendor.business_name : null;
  const items = [
    { key: 'seller', label: 'Sold by', children: <SellerAddress seller={app.seller} /> },
    ...(business ? [{ key: 'business', label: 'Billed to', children: business }] : []),
    { key: 'number', label: 'Invoice number', children: <span className="receipt__number">{data.id}</span> },
    { key: 'date', label: data.paidAt !== null ? 'Paid on' : 'Date', children: formatDate(data.paidAt ?? data.createdAt) },
    { key: 'what', label: 'For', children: data.description },
    ...(data.planName ? [{ key: 'plan', label: 'Plan', children: data.planName }] : []),
    ...(data.periodStart !== null && data.periodEnd !== null
      ? [{ key: 'period', label: 'Period', children: formatPeriod(data.periodStart, data.periodEnd) }]
      : []),
    ...(data.credits !== null ? [{ key: 'credits', label: 'Credits', children: creditCount(data.credits) }] : []),
    { key: 'amount', label: 'Amount', children: <strong>{money(data.amountCents, data.currency)}</strong> },
    { key: 'card', label: 'Card', children: data.card ? <CardSummary card={data.card} /> : 'None' },
    { key: 'status', label: 'Status', children: <Tag color={status.color}>{status.label}</Tag> },
  ];
  return (
    <BillingFrame title="Receipt" className="receipt-page">
      <div className="receipt__bar no-print">
        {back}
        <Button type="primary" icon={<PrinterOutlined aria-hidden />} onClick={() => window.print()}>
          Print
        </Button>
      </div>
      <article className="receipt" aria-labelledby="receipt-title">
        <header className="receipt__head">
          <Typography.Text strong className="receipt__brand" translate="no">
            {app.displayName}
          </Typography.Text>
          <Typography.Title level={3} id="receipt-title" className="receipt__title">
            {data.status === 'paid' ? 'Receipt' : 'Invoice'} for {money(data.amountCents, data.currency)}
          </Typography.Title>
        </header>
        <Descriptions size="small" column={1} bordered items={items} className="receipt__facts" />
      </article>
    </BillingFrame>
  );
}
