import { Typography } from 'antd';
import { Link } from 'react-router-dom';

/** A count with what it counts and a link to the list behind it. */
export function CountBody({ count, unit, link }: { count: number; unit: string; link: { to: string; label: string } }) {
  return (
    <>
      <p className="dashboard-widget__count">
        <span className="dashboard-widget__number">{count}</span> <span>{unit}</span>
      </p>
      <Typography.Paragraph className="dashboard-widget__link">
        <Link to={link.to}>{link.label}</Link>
      </Typography.Paragraph>
    </>
  );
}
