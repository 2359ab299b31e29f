import { ClockCircleOutlined, EnvironmentOutlined } from '@ant-design/icons';
import { Card, Typography } from 'antd';
import { Link } from 'react-router-dom';
import type { DirectoryVendor } from '../../../../../shared/contracts/public-vendors';
import { sendProfileVisit } from '../api/send-profile-visit';
import { milesAway, respondsWithin, reviewCount } from '../public-text';
import { RequestQuoteButton } from './request-quote-button';
import { StarRating } from './star-rating';

const IMAGE_SIZE = 96;

/** One vendor of the directory: picture, name (the profile's link), where, how far, rating, response time, highlights, and "Request a quote". */
export function VendorCard({ vendor }: { vendor: DirectoryVendor }) {
  const headingId = `vendor-${vendor.vendorId}`;
  return (
    <Card className="vendor-card" role="article" aria-labelledby={headingId}>
      <div className="vendor-card__layout">
        {vendor.image ? (
          <img className="vendor-card__image" src={vendor.image.url} width={IMAGE_SIZE} height={IMAGE_SIZE} loading="lazy" decoding="async" alt="" />
        ) : (
          <span className="vendor-card__image vendor-card__image--empty" aria-hidden="true">
            {vendor.name.charAt(0).toUpperCase()}
          </span>
        )}
        <div className="vendor-card__main">
          <Typography.Title level={3} className="vendor-card__name" id={headingId}>
            <Link to={vendor.profilePath}>{vendor.name}</Link>
          </Typography.Title>
          <div className="vendor-card__facts">
            <span>
              <EnvironmentOutlined aria-hidden="true" /> {[vendor.city, milesAway(vendor.distanceMiles)].filter(Boolean).join(' · ')}
            </span>
            <span>
              {vendor.rating.average !== null && <StarRating value={vendor.rating.average} />} {reviewCount(vendor.rating.count)}
            </span>
            {vendor.responseHours !== null && (
              <span>
                <ClockCircleOutlined aria-hidden="true" /> {respondsWithin(vendor.responseHours)}
              </span>
            )}
          </div>
          {vendor.highlights.length > 0 && (
            <ul className="vendor-card__highlights">
              {vendor.highlights.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
          <div className="vendor-card__actions">
            <RequestQuoteButton
              categories={[{ id: vendor.vendorId, label: vendor.name, highlights: [], requestPath: vendor.requestPath }]}
              size="middle"
              onRequest={() => sendProfileVisit(vendor.vendorId, 'quote-click')}
              label={
                <>
                  Request a quote<span className="visually-hidden">{` from ${vendor.name}`}</span>
                </>
              }
            />
            <Link to={vendor.profilePath} className="vendor-card__profile-link">
              View profile<span className="visually-hidden">{` of ${vendor.name}`}</span>
            </Link>
          </div>
        </div>
      </div>
    </Card>
  );
}
