import { EditOutlined, EnvironmentOutlined, ExportOutlined, FacebookOutlined, GlobalOutlined, InstagramOutlined, PhoneOutlined } from '@ant-design/icons';
import { Avatar, Button, Empty, Image, Result, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { LinkButton } from '../../components/link-button';
import type { Profile } from '../../../../shared/contracts/profile';
import { GUARD_ROUTES } from '../../../../shared/guard/rule-ids';
import { publicProfilePath } from '../../../../shared/marketplace/public-profile-path';
import { PageState } from '../../components/page-state';
import { useConfig } from '../../lib/config/config-context';
import { problemOf } from '../../lib/forms/server-errors';
import { useCurrentRoute } from '../../lib/router/use-current-route';
import { usePathOf } from '../../lib/router/use-path-of';
import { useProfile } from './api/get-profile';
import { initialsOf } from './logo-uploader';
import { SettingsSummary } from './settings-summary';
import './profile.css';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="listing__section" aria-label={title}>
      <Typography.Title level={2} className="listing__heading">
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

function where(profile: Profile): string | null {
  if (profile.serviceArea) return profile.serviceArea;
  if (profile.city && profile.serviceRadiusMiles) return `${profile.city} · travels up to ${profile.serviceRadiusMiles} miles`;
  return profile.city;
}

/**
 * Contact and social links as couples see them; only http(s) addresses become links. The phone
 * shows only once the vendor chose to publish it (Edit profile); until then the preview says so,
 * so the vendor never believes couples can call a number they cannot see.
 */
function ContactLinks({ profile, editPath }: { profile: Profile; editPath: string }) {
  const safe = (url: string | null) => (url && /^https?:\/\//i.test(url) ? url : null);
  const links = [
    { key: 'website', label: 'Website', icon: <GlobalOutlined />, href: safe(profile.links.website) },
    { key: 'instagram', label: 'Instagram', icon: <InstagramOutlined />, href: safe(profile.links.instagram) },
    { key: 'facebook', label: 'Facebook', icon: <FacebookOutlined />, href: safe(profile.links.facebook) },
  ].filter((link) => link.href);
  const phone = profile.shown.phone ? profile.phone : null;
  const hiddenPhone = profile.phone && !profile.shown.phone && (
    <Typography.Paragraph type="secondary" className="listing__hidden-note">
      Your phone number is not on your public page: couples reach you through quote requests. <Link to={editPath}>Show it</Link>
    </Typography.Paragraph>
  );
  if (!phone && links.length === 0) {
    return (
      <>
        <Empty description="No contact details yet. Add your website and social links in your profile." />
        {hiddenPhone}
      </>
    );
  }
  return (
    <>
      <ul className="listing__contacts">
        {phone && (
          <li>
            <a href={`tel:${phone.replace(/[^+\d]/g, '')}`}>
              <PhoneOutlined /> {phone}
            </a>
          </li>
        )}
        {links.map((link) => (
          <li key={link.key}>
            <a href={link.href ?? undefined} target="_blank" rel="noopener noreferrer">
              {link.icon} {link.label}
            </a>
          </li>
        ))}
      </ul>
      {hiddenPhone}
    </>
  );
}

/**
 * `/{category}/:id` (full page): the vendor's listing in one category as customers will see it,
 * with an edit button. `:id` is the business's id; only its own listing is shown.
 */
export default function CategoryProfilePage() {
  const route = useCurrentRoute();
  const { id } = useParams();
  const { app, categories } = useConfig();
  const category = categories.find((c) => c.id === route?.category);
  const query = useProfile();
  const { data: profile, error: loadError } = query;
  const error = loadError ? (problemOf(loadError)?.detail ?? 'Check your connection, then try again.') : null;
  const pathOf = usePathOf();

  const label = category?.label ?? 'Vendor';
  const editButton = (
    <LinkButton type="primary" icon={<EditOutlined />} to={pathOf('edit-profile')}>
      Edit profile
    </LinkButton>
  );

  if (error) {
    // A full page without the shell: besides Try again, the way out is the profile editor.
    const retry = <Button onClick={() => void query.refetch()}>Try again</Button>;
    return (
      <Result
        status="warning"
        title="This listing could not be loaded."
        subTitle={error}
        extra={
          <>
            {retry}
            {editButton}
          </>
        }
      />
    );
  }
  if (!profile) return <PageState loading rows={10} className="listing__loading" />;
  const offered = profile.categories.find((c) => c.id === category?.id);
  if (profile.vendorId !== id) {
    return (
      <Result
        status="404"
        title="Listing not found"
        subTitle="This is not one of your listings. You can preview your own."
        extra={profile.categories[0] ? <LinkButton to={profile.categories[0].path}>Open your listing</LinkButton> : editButton}
      />
    );
  }
  if (!offered) {
    return (
      <Result
        status="info"
        title={`You are not listed under ${label}`}
        subTitle={`Couples looking for ${label.toLowerCase()} will not find you. Choose the categories you offer in your business details.`}
        extra={[
          <LinkButton key="step" type="primary" to={pathOf(GUARD_ROUTES.onboarding)}>
            Choose categories
          </LinkButton>,
          ...profile.categories.map((c) => <LinkButton key={c.id} to={c.path}>{`Your ${c.label} listing`}</LinkButton>),
        ]}
      />
    );
  }

  const location = where(profile);
  return (
    <div className="listing">
      <div className="listing__bar">
        <Typography.Text className="listing__brand">{app.displayName}</Typography.Text>
        <Typography.Text type="secondary" className="listing__preview-note">
          Preview: your {label} listing as couples see it
        </Typography.Text>
        <span className="listing__bar-actions">
          <LinkButton to={pathOf(GUARD_ROUTES.dashboard)}>Dashboard</LinkButton>
          <Button href={publicProfilePath(profile.vendorId, profile.businessName)} target="_blank" rel="noopener" icon={<ExportOutlined />}>
            Your public page
          </Button>
          {editButton}
        </span>
      </div>

      <header className="listing__hero">
        <Avatar
          shape="square"
          size={{ xs: 88, sm: 104, md: 120, lg: 120, xl: 120, xxl: 120 }}
          src={profile.logo?.url}
          alt={profile.logo ? `Logo of ${profile.businessName}` : undefined}
          className="listing__logo"
        >
          {initialsOf(profile.businessName)}
        </Avatar>
        <div className="listing__identity">
          <Tag color="purple">{label}</Tag>
          <Typography.Title level={1} className="listing__name" id="page-title">
            {profile.businessName}
          </Typography.Title>
          {location && (
            <Typography.Text type="secondary">
              <EnvironmentOutlined /> {location}
            </Typography.Text>
          )}
        </div>
      </header>

      <main className="listing__body">
        <Section title="About">
          {profile.about ? (
            <Typography.Paragraph className="listing__about">{profile.about}</Typography.Paragraph>
          ) : (
            <Empty description="No description yet. Tell couples who you are and how you work." />
          )}
        </Section>

        <Section title="Gallery">
          {profile.gallery.length > 0 ? (
            <Image.PreviewGroup>
              <ul className="listing__gallery">
                {profile.gallery.map((photo, i) => (
                  <li key={photo.id}>
                    <Image src={photo.thumbUrl} preview={{ src: photo.url }} alt={`${profile.businessName}, photo ${i + 1}`} />
                  </li>
                ))}
              </ul>
            </Image.PreviewGroup>
          ) : (
            <Empty description="No photos yet. Listings with photos get far more quote requests." />
          )}
        </Section>

        {offered.settingsFormId && (
          <Section title={`${label} details`}>
            <SettingsSummary formId={offered.settingsFormId} settingsPath={offered.settingsPath} label={label} />
          </Section>
        )}

        <Section title="Contact">
          <ContactLinks profile={profile} editPath={pathOf('edit-profile')} />
        </Section>
      </main>
    </div>
  );
}
