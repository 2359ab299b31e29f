import { Button, Card, Form, Input, Modal, Progress, Radio, Rate, Segmented, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { REPORT_REASONS, type BusinessReview, type ReviewSummary } from '../../../../shared/contracts/reviews';
import { PageFrame } from '../../components/page-frame';
import { loadFailure, PageState } from '../../components/page-state';
import { useAppAbility } from '../../lib/ability/ability-context';
import { formatMoment } from '../../lib/format/format-moment';
import { problemOf } from '../../lib/forms/server-errors';
import { useToast } from '../../lib/toast/toast';
import { useReviews } from './api/list-reviews';
import { useReplyToReview } from './api/reply-to-review';
import { useReportReview } from './api/report-review';
import './reviews.css';

function stars(n: number): string {
  return `${n} star${n === 1 ? '' : 's'}`;
}

function Summary({ summary, rating, onRating }: { summary: ReviewSummary; rating: number | null; onRating(rating: number | null): void }) {
  return (
    <Card className="reviews__summary">
      <div className="reviews__average">
        <Typography.Text className="reviews__average-value">{summary.average === null ? '–' : summary.average.toFixed(1)}</Typography.Text>
        <Rate disabled allowHalf value={summary.average ?? 0} aria-label={summary.average === null ? 'No rating yet' : `Average ${summary.average} of 5`} />
        <Typography.Text type="secondary">
          {summary.count} review{summary.count === 1 ? '' : 's'}
        </Typography.Text>
      </div>
      <ul className="reviews__distribution" aria-label="Reviews by rating">
        {([5, 4, 3, 2, 1] as const).map((n) => {
          const count = summary.distribution[n];
          return (
            <li key={n}>
              <Button type="link" size="small" onClick={() => onRating(rating === n ? null : n)} aria-pressed={rating === n} className="reviews__bar-label">
                {stars(n)}
              </Button>
              <Progress percent={summary.count === 0 ? 0 : Math.round((count / summary.count) * 100)} showInfo={false} aria-hidden />
              <span className="reviews__bar-count">{count}</span>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

/** "Reported to support today at 3:04 PM", or "… on Nov 27, 3:04 PM" another day. */
function reportedText(at: number): string {
  const today = new Date(at).toDateString() === new Date().toDateString();
  return `Reported to support ${today ? 'today at' : 'on'} ${formatMoment(at)}`;
}

function ReplyForm({ review, onDone }: { review: BusinessReview; onDone(): void }) {
  const reply = useReplyToReview(review.id);
  const [text, setText] = useState(review.reply ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    setError(null);
    try {
      await reply.mutateAsync(text);
      onDone();
    } catch (caught) {
      const problem = problemOf(caught);
      setError(problem?.errors?.find((e) => e.path === 'body')?.message ?? problem?.detail ?? 'Your reply could not be saved.');
    }
  };
  return (
    <Form layout="vertical" onFinish={() => void save()} className="reviews__reply-form">
      <Form.Item label="Your public reply" htmlFor={`reply-${review.id}`} validateStatus={error ? 'error' : undefined} help={error ?? undefined}>
        <Input.TextArea id={`reply-${review.id}`} rows={3} maxLength={2000} value={text} onChange={(event) => setText(event.target.value)} />
      </Form.Item>
      <div className="reviews__actions">
        <Button type="primary" htmlType="submit" disabled={reply.isPending}>
          {review.reply ? 'Save reply' : 'Publish reply'}
        </Button>
        <Button onClick={onDone}>Cancel</Button>
      </div>
    </Form>
  );
}

function ReportDialog({ review, open, onClose }: { review: BusinessReview; open: boolean; onClose(): void }) {
  const report = useReportReview(review.id);
  const toast = useToast();
  const [reason, setReason] = useState<keyof typeof REPORT_REASONS | null>(null);
  const [note, setNote] = useState('');
  const send = async () => {
    if (!reason) return;
    try {
      await report.mutateAsync({ reason, ...(note.trim() ? { note: note.trim() } : {}) });
    } catch {
      return; // Said under the note (report.isError).
    }
    toast.success('Support will look at this review. It stays published meanwhile.');
    onClose();
  };
  return (
    <Modal
      open={open}
      title="Report this review to support"
      okText="Send report"
      okButtonProps={{ disabled: !reason || report.isPending }}
      onOk={() => void send()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>Support reads every report and decides. No business can hide a review, so it stays published meanwhile.</Typography.Paragraph>
      <Radio.Group
        value={reason}
        onChange={(event) => setReason(event.target.value as keyof typeof REPORT_REASONS)}
        aria-label="Why"
        className="reviews__reasons"
      >
        {Object.entries(REPORT_REASONS).map(([key, label]) => (
          <Radio key={key} value={key}>
            {label}
          </Radio>
        ))}
      </Radio.Group>
      <Input.TextArea
        rows={3}
        maxLength={1000}
        placeholder="Anything support should know (optional)"
        aria-label="Note for support"
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
      {report.isError && <Typography.Text type="danger">{problemOf(report.error)?.detail ?? 'The report could not be sent.'}</Typography.Text>}
    </Modal>
  );
}

function ReviewCard({ review, canAnswer }: { review: BusinessReview; canAnswer: boolean }) {
  const [replying, setReplying] = useState(false);
  const [reporting, setReporting] = useState(false);
  return (
    <li>
      <Card className="reviews__card" data-testid="review">
        <div className="reviews__card-head">
          <Rate disabled value={review.rating} aria-label={`${stars(review.rating)} of 5`} />
          <Typography.Text type="secondary">
            {review.customerName} · {formatMoment(review.createdAt)}
          </Typography.Text>
        </div>
        {review.title && (
          <Typography.Title level={3} className="reviews__title">
            {review.title}
          </Typography.Title>
        )}
        <Typography.Paragraph className="reviews__body">{review.body}</Typography.Paragraph>
        {review.reply && !replying && (
          <div className="reviews__reply">
            <Typography.Text strong>Your reply</Typography.Text>
            <Typography.Paragraph className="reviews__body">{review.reply}</Typography.Paragraph>
          </div>
        )}
        {replying ? (
          <ReplyForm review={review} onDone={() => setReplying(false)} />
        ) : (
          canAnswer && (
            <div className="reviews__actions">
              <Button onClick={() => setReplying(true)}>{review.reply ? 'Edit reply' : 'Reply'}</Button>
              {review.reportedAt === null ? (
                <Button type="link" onClick={() => setReporting(true)}>
                  Report
                </Button>
              ) : (
                <Typography.Text type="secondary" className="reviews__reported">
                  {reportedText(review.reportedAt)}
                </Typography.Text>
              )}
            </div>
          )
        )}
        <ReportDialog review={review} open={reporting} onClose={() => setReporting(false)} />
      </Card>
    </li>
  );
}

/**
 * `/reviews`: what couples said after their event. The average and how many gave each rating
 * (a bar filters the list), each review with its one public reply (written or edited here), and
 * a report to support for a review that breaks the rules.
 */
export default function ReviewsPage() {
  const [rating, setRating] = useState<number | null>(null);
  const reviews = useReviews(rating);
  const canAnswer = useAppAbility().can('update', 'Review');
  const list = useMemo(() => reviews.data?.pages.flatMap((page) => page.data) ?? [], [reviews.data]);
  const summary = reviews.data?.pages[0]?.summary;
  return (
    <PageFrame
      title="Reviews"
      className="reviews"
      intro="Couples review you the day after their event. Replies are public: thank them, or answer a concern calmly."
    >
      <PageState failure={loadFailure('Your reviews', reviews)} loading={reviews.isPending} rows={6}>
        {summary && <Summary summary={summary} rating={rating} onRating={setRating} />}
        <Segmented
          aria-label="Show reviews with"
          value={rating ?? 0}
          onChange={(value) => setRating(Number(value) === 0 ? null : Number(value))}
          options={[{ label: 'All', value: 0 }, ...[5, 4, 3, 2, 1].map((n) => ({ label: `${n}★`, value: n }))]}
          className="reviews__filter"
        />
        {list.length === 0 ? (
          <PageState
            empty={
              summary?.count === 0 ? 'No reviews yet. The day after a booked event, the couple is mailed a link to review you.' : 'No review with this rating.'
            }
          />
        ) : (
          <ul className="reviews__list" aria-label="Reviews">
            {list.map((review) => (
              <ReviewCard key={review.id} review={review} canAnswer={canAnswer} />
            ))}
          </ul>
        )}
        {reviews.hasNextPage && (
          <Button block onClick={() => void reviews.fetchNextPage()} disabled={reviews.isFetchingNextPage}>
            Show more
          </Button>
        )}
      </PageState>
    </PageFrame>
  );
}
