import { MailOutlined, PhoneOutlined } from '@ant-design/icons';
import { Card, Typography } from 'antd';
import type { QuoteDetail } from '../../../../../shared/contracts/marketplace';

/** The couple: their name, and once the vendor has quoted, their email and phone as links. */
export function QuoteDetailContact({ quote }: { quote: QuoteDetail }) {
  const { name, email, phone } = quote.customer;
  let contact;
  if (email) {
    contact = (
      <ul className="quote-detail__contact">
        <li>
          <a href={`mailto:${email}`}>
            <MailOutlined aria-hidden />
            <span className="visually-hidden">Email: </span>
            {email}
          </a>
        </li>
        {phone && (
          <li>
            <a href={`tel:${phone.replace(/[^+\d]/g, '')}`}>
              <PhoneOutlined aria-hidden />
              <span className="visually-hidden">Phone: </span>
              {phone}
            </a>
          </li>
        )}
      </ul>
    );
  } else if (quote.status === 'potential') {
    contact = <Typography.Paragraph type="secondary">Their email and phone show here once you send a quote.</Typography.Paragraph>;
  } else {
    contact = <Typography.Paragraph type="secondary">You did not quote this request, so their email and phone stay private.</Typography.Paragraph>;
  }
  return (
    <Card className="quote-detail__card" title={<h3 className="quote-detail__card-title">The couple</h3>}>
      <Typography.Paragraph strong className="quote-detail__customer-name">
        {name}
      </Typography.Paragraph>
      {contact}
    </Card>
  );
}
