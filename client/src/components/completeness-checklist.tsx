import { CheckCircleFilled } from '@ant-design/icons';
import { Progress } from 'antd';
import { Link } from 'react-router-dom';
import type { Completeness } from '../../../shared/contracts/analytics';
import './completeness-checklist.css';

interface Props {
  completeness: Completeness;
  /** Only the pieces still missing (the profile editor), or every piece ticked off as it is done (the dashboard). */
  missingOnly?: boolean;
}

/** The profile's completeness: the score as a progress bar, then its pieces, each linking to where it is added. */
export function CompletenessChecklist({ completeness, missingOnly = false }: Props) {
  const items = missingOnly ? completeness.items.filter((item) => !item.done) : completeness.items;
  return (
    <div className="completeness">
      <Progress percent={completeness.score} aria-label={`Profile ${String(completeness.score)}% complete`} />
      <ul className="completeness__items">
        {items.map((item) => (
          <li key={item.id} className={item.done ? 'completeness__item completeness__item--done' : 'completeness__item'}>
            {item.done ? (
              <>
                <CheckCircleFilled aria-hidden="true" className="completeness__check" /> <span>{item.label}</span>
                <span className="visually-hidden"> (done)</span>
              </>
            ) : (
              <Link to={item.path}>{item.label}</Link>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
