import { Card, Typography } from 'antd';
import { useState } from 'react';
import type { ContactReceipt } from '../../../../shared/contracts/support';
import { PageFrame } from '../../components/page-frame';
import { ContactFaq } from './components/contact-faq';
import { ContactForm } from './components/contact-form';
import { ContactSent } from './components/contact-sent';
import './contact.css';

/**
 * `/contact`: a message to support (a topic and the text; mailed to support naming the business
 * and the sender, with a copy to the sender), then where the answer will come; beside it, answers
 * to the common questions.
 */
export default function ContactPage() {
  const [receipt, setReceipt] = useState<ContactReceipt | null>(null);
  return (
    <PageFrame
      title="Contact support"
      className="contact"
      intro="Ask us about your account, leads, billing or reviews; the common questions may already have your answer."
    >
      <div className="contact__columns">
        <Card className="contact__card" title={<h3 className="contact__card-title">Write to support</h3>}>
          {receipt ? (
            <ContactSent receipt={receipt} onAnother={() => setReceipt(null)} />
          ) : (
            <>
              <Typography.Paragraph type="secondary">
                Your message goes to support with your business’s name and your email, and we mail you a copy.
              </Typography.Paragraph>
              <ContactForm onSent={setReceipt} />
            </>
          )}
        </Card>
        <ContactFaq />
      </div>
    </PageFrame>
  );
}
