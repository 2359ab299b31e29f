import { Typography } from 'antd';
import { RESPONSE_WINDOW_DAYS, type ResponseTime } from '../../../../../shared/contracts/marketplace';
import { formatResponseMinutes, formatResponseRate } from '../../../lib/format/response-time-text';

/**
 * How fast and how often the business answers its leads of the last 90 days (the server's
 * summary): the median wait for a first answer and the share answered, with how many they count.
 */
export function ResponseTimeBody({ responseTime }: { responseTime: ResponseTime }) {
  const days = RESPONSE_WINDOW_DAYS;
  const { medianMinutes, responseRate, answered, leads } = responseTime;
  if (leads === 0 || responseRate === null) {
    return (
      <Typography.Paragraph type="secondary">
        No leads in the last {days} days yet. Once couples send you requests, how fast and how often you answer shows here.
      </Typography.Paragraph>
    );
  }
  return (
    <>
      <dl className="response-time">
        <div className="response-time__item">
          <dt>Median response time</dt>
          <dd className="response-time__value">{medianMinutes === null ? 'No answers yet' : formatResponseMinutes(medianMinutes)}</dd>
        </div>
        <div className="response-time__item">
          <dt>Response rate</dt>
          <dd className="response-time__value">{formatResponseRate(responseRate)}</dd>
        </div>
      </dl>
      <Typography.Paragraph type="secondary" className="dashboard-widget__link">
        {answered} of {leads} {leads === 1 ? 'lead' : 'leads'} from the last {days} days answered. Auto-responses do not count.
      </Typography.Paragraph>
    </>
  );
}
