import { ClockCircleOutlined, EnvironmentOutlined } from '@ant-design/icons';
import { Avatar, Button, Card, Result, Typography } from 'antd';
import { isAxiosError } from 'axios';
import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n/translate';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import type { PublicVendor } from '../../../../shared/contracts/public-vendors';
import { PageState, loadFailure } from '../../components/page-state';
import { useDocumentMeta } from '../../lib/config/use-document-meta';
import { usePublicVendor } from '../../lib/public-vendors/get-public-vendor';
import { removePrerenderedPage } from '../../lib/prerender/prerendered-page';
import { usePathOf } from '../../lib/router/use-path-of';
import { sendProfileVisit } from './api/send-profile-visit';
import { ContactLinks, contactItems } from './components/contact-links';
import { ProfileGallery } from './components/profile-gallery';
import { PublicPageFrame } from './components/public-page-frame';
import { RatingSummary } from './components/rating-summary';
import { RequestQuoteButton } from './components/request-quote-button';
import { ReviewList } from './components/review-list';
import { StarRating } from './components/star-rating';
import { respondsWithin, reviewCount } from './public-text';

const DESCRIPTION_LENGTH = 155;

/** The page's description for search results and link previews: the business's own words, else what and where it is. */
function describe(vendor: PublicVendor): string {
  const fallback = `${vendor.name}: ${vendor.categories.map((c) => c.label.toLowerCase()).join(', ')}${vendor.city ? ` in ${vendor.city}` : ''}. Read reviews and request a quote.`;
  const text = (vendor.about ?? fallback).replace(/\s+/g, ' ').trim();
  return text.length <= DESCRIPTION_LENGTH ? text : `${text.slice(0, DESCRIPTION_LENGTH - 1).trimEnd()}…`;
}

function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}

/** A business the API does not know (unknown, deleted, not yet onboarded): the app's not-found view, with a way to the directory. */
function VendorNotFound() {
  const { t } = useTranslation();
  const pathOf = usePathOf();
  const navigate = useNavigate();
  return (
    <main className="error-page">
      <Result
        status="404"
        title={<h1 className="result-title">{t('errorPage.notFound.title')}</h1>}
        subTitle={t('errorPage.notFound.detail')}
        extra={
          <Button
            type="primary"
            href={pathOf('vendors')}
            onClick={(event) => {
              event.preventDefault();
              void navigate(pathOf('vendors'));
            }}
          >
            Find vendors
          </Button>
        }
      />
    </main>
  );
}

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section className="public-section" aria-labelledby={id}>
      <Typography.Title level={2} id={id} className="public-section__title">
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

/** The published profile, once loaded. */
function VendorProfile({ vendor }: { vendor: PublicVendor }) {
  const onRequest = () => sendProfileVisit(vendor.vendorId, 'quote-click');
  const contact = contactItems(vendor.contact);
  const where = vendor.serviceArea ?? (vendor.serviceRadiusMiles ? `Within ${vendor.serviceRadiusMiles} miles of ${vendor.city ?? 'their base'}` : null);
  return (
    <article className="public-profile">
      <header className="public-profile__hero">
        <Avatar
          shape="square"
          size={88}
          src={vendor.logo ? <img src={vendor.logo.url} width={vendor.logo.width} height={vendor.logo.height} alt={`Logo of ${vendor.name}`} /> : undefined}
          className={vendor.logo ? 'public-profile__logo public-profile__logo--image' : 'public-profile__logo'}
        >
          <span aria-hidden="true">{initialsOf(vendor.name)}</span>
        </Avatar>
        <div className="public-profile__identity">
          <Typography.Title level={1} className="public-profile__name" id="page-title">
            {vendor.name}
          </Typography.Title>
          <Typography.Text type="secondary">{vendor.categories.map((c) => c.label).join(' · ')}</Typography.Text>
          <div className="public-profile__facts">
            {vendor.rating.average !== null && (
              <span className="public-profile__fact">
                <StarRating value={vendor.rating.average} /> <a href="#reviews-title">{reviewCount(vendor.rating.count)}</a>
              </span>
            )}
            {vendor.city && (
              <span className="public-profile__fact">
                <EnvironmentOutlined aria-hidden="true" /> {vendor.city}
              </span>
            )}
            {vendor.responseHours !== null && (
              <span className="public-profile__fact">
                <ClockCircleOutlined aria-hidden="true" /> {respondsWithin(vendor.responseHours)}
              </span>
            )}
          </div>
          {vendor.categories.length > 0 && (
            <div className="public-profile__cta">
              <RequestQuoteButton categories={vendor.categories} onRequest={onRequest} />
            </div>
          )}
        </div>
      </header>

      {vendor.gallery.length > 0 && (
        <Section title="Photos" id="photos-title">
          <ProfileGallery name={vendor.name} photos={vendor.gallery} />
        </Section>
      )}

      {vendor.about && (
        <Section title="About" id="about-title">
          <Typography.Paragraph className="public-profile__about">{vendor.about}</Typography.Paragraph>
        </Section>
      )}

      {vendor.categories.length > 0 && (
        <Section title="Services" id="services-title">
          <ul className="public-categories">
            {vendor.categories.map((category) => (
              <li key={category.id}>
                <Card className="public-category">
                  <Typography.Title level={3} className="public-category__title">
                    {category.label}
                  </Typography.Title>
                  {category.highlights.length > 0 && (
                    <ul className="public-category__highlights">
                      {category.highlights.map((line) => (
                        <li key={line}>{line}</li>
                      ))}
                    </ul>
                  )}
                  <RequestQuoteButton categories={[category]} onRequest={onRequest} size="middle" />
                </Card>
              </li>
            ))}
          </ul>
        </Section>
      )}

      {(where || vendor.city) && (
        <Section title="Service area" id="area-title">
          {vendor.city && <Typography.Paragraph className="public-profile__line">{`Based in ${vendor.city}`}</Typography.Paragraph>}
          {where && <Typography.Paragraph className="public-profile__line">{where}</Typography.Paragraph>}
        </Section>
      )}

      {contact.length > 0 && (
        <Section title="Contact" id="contact-title">
          <ContactLinks items={contact} />
        </Section>
      )}

      <Section title="Reviews" id="reviews-title">
        {vendor.rating.count > 0 ? (
          <>
            <RatingSummary rating={vendor.rating} />
            <ReviewList vendorId={vendor.vendorId} vendorName={vendor.name} first={vendor.reviews} nextCursor={vendor.reviewsNextCursor} />
          </>
        ) : (
          <Typography.Paragraph type="secondary">No reviews yet.</Typography.Paragraph>
        )}
      </Section>
    </article>
  );
}

/**
 * `/vendor-profile/:adminId/:slug` (public, full page): what a business published, for couples
 * and crawlers. The server sends the same page as plain HTML inside #root; this page replaces
 * it. A slug other than the profile's own is replaced by the canonical path; an unknown business
 * is the not-found view. Counts one view per visit and each click on "Request a quote".
 */
export default function VendorProfilePage() {
  const { adminId = '', slug = '' } = useParams();
  const { search, hash } = useLocation();
  const navigate = useNavigate();
  const query = usePublicVendor(adminId, { enabled: adminId !== '' });
  const vendor = query.data;
  const viewed = useRef<string | null>(null);

  useDocumentMeta(vendor ? { title: vendor.name, description: describe(vendor) } : null);

  // The server's page stays on screen until this one draws the vendor (or says it failed), in the same frame.
  const drawn = vendor !== undefined || query.isError;
  useLayoutEffect(() => {
    if (drawn) removePrerenderedPage();
  }, [drawn]);

  useEffect(() => {
    if (!vendor || viewed.current === vendor.vendorId) return;
    viewed.current = vendor.vendorId;
    sendProfileVisit(vendor.vendorId, 'view');
  }, [vendor]);

  useEffect(() => {
    if (!vendor) return;
    const canonical = decodeURIComponent(vendor.profilePath.split('/').pop() ?? '');
    if (canonical && canonical !== slug) void navigate(`${vendor.profilePath}${search}${hash}`, { replace: true });
  }, [vendor, slug, search, hash, navigate]);

  const notFound = query.isError && isAxiosError(query.error) && query.error.response?.status === 404;
  if (notFound || adminId === '') return <VendorNotFound />;
  return (
    <PublicPageFrame>
      <PageState failure={loadFailure('This vendor', query)} loading={query.isPending}>
        {vendor && <VendorProfile vendor={vendor} />}
      </PageState>
    </PublicPageFrame>
  );
}
