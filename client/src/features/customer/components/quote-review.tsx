import { Alert, Button, Form, Input, Rate, Typography } from 'antd';
import { useState } from 'react';
import { loadFailure, PageState } from '../../../components/page-state';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { usePostReview, useQuoteReview } from '../api/quote-review';

interface ReviewValues {
  rating?: number;
  title?: string;
  body?: string;
}

/**
 * The stars as a form field: a named radio group that carries the field's state (antd's Rate is a
 * plain list, where `aria-invalid` and `aria-required` are not allowed).
 */
function RatingInput({
  value,
  onChange,
  id,
  ...aria
}: {
  value?: number;
  onChange?: (value: number) => void;
  id?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
}) {
  return (
    <div role="radiogroup" id={id} aria-label="Your rating, from 1 to 5 stars" aria-required aria-invalid={aria['aria-invalid']}>
      <Rate value={value ?? 0} onChange={(next) => onChange?.(next)} />
    </div>
  );
}

/** Under a completed booking: the couple's review of the vendor (once), or the review they wrote with the vendor's reply. */
export function QuoteReview({ token, quoteId, vendorName }: { token: string; quoteId: string; vendorName: string }) {
  const review = useQuoteReview(token, quoteId, true);
  const post = usePostReview(token, quoteId);
  const [form] = Form.useForm<ReviewValues>();
  const [refused, setRefused] = useState<string | null>(null);
  const written = review.data;

  const submit = async (values: ReviewValues) => {
    setRefused(null);
    try {
      await post.mutateAsync({ rating: values.rating ?? 0, body: values.body ?? '', ...(values.title?.trim() ? { title: values.title.trim() } : {}) });
    } catch (error) {
      setRefused(applyServerErrors(form, error, ['rating', 'title', 'body']));
    }
  };

  return (
    <section className="customer-request__section quote-review" aria-label={`Your review of ${vendorName}`}>
      <PageState failure={loadFailure('Your review', review)} loading={review.isPending} rows={2} skeletonTitle={false}>
        {written ? (
          <div>
            <Typography.Title level={4}>Your review</Typography.Title>
            <Rate disabled value={written.rating} aria-label={`${written.rating} of 5 stars`} />
            {written.title && <Typography.Paragraph strong>{written.title}</Typography.Paragraph>}
            <Typography.Paragraph className="quote-review__text">{written.body}</Typography.Paragraph>
            {written.reply && (
              <div className="quote-review__reply">
                <Typography.Text strong>{vendorName} replied</Typography.Text>
                <Typography.Paragraph className="quote-review__text">{written.reply}</Typography.Paragraph>
              </div>
            )}
          </div>
        ) : (
          <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} requiredMark={false}>
            <Typography.Title level={4}>How was {vendorName}?</Typography.Title>
            <Typography.Paragraph type="secondary">
              Your review helps other couples choose. It is published with your name, and the vendor may reply.
            </Typography.Paragraph>
            <Form.Item name="rating" label="Your rating" rules={[{ required: true, message: 'Choose from 1 to 5 stars' }]}>
              <RatingInput />
            </Form.Item>
            <Form.Item name="title" label="Title (optional)">
              <Input maxLength={120} />
            </Form.Item>
            <Form.Item
              name="body"
              label="Your review"
              rules={[
                { required: true, message: 'Tell other couples how it went' },
                { min: 20, message: 'Write at least a few sentences (20 characters)' },
              ]}
            >
              <Input.TextArea rows={4} maxLength={5000} />
            </Form.Item>
            {refused && <Alert type="error" showIcon role="alert" title={refused} className="quote-review__refused" />}
            <Button type="primary" htmlType="submit" disabled={post.isPending}>
              Publish review
            </Button>
          </Form>
        )}
      </PageState>
    </section>
  );
}
