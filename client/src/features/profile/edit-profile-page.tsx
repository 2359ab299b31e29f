import { EyeOutlined, ExportOutlined } from '@ant-design/icons';
import { Card, Space, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { LinkButton } from '../../components/link-button';
import type { Profile } from '../../../../shared/contracts/profile';
import { publicProfilePath } from '../../../../shared/marketplace/public-profile-path';
import { CompletenessChecklist } from '../../components/completeness-checklist';
import { loadFailure, PageState } from '../../components/page-state';
import { useCompleteness } from '../../lib/completeness/get-completeness';
import { FormScreen } from '../../lib/forms/form-screen';
import { useFormScreen } from '../../lib/forms/use-form-screen';
import { usePathOf } from '../../lib/router/use-path-of';
import { useProfile } from './api/get-profile';
import { GalleryUploader } from './gallery-uploader';
import { LogoUploader } from './logo-uploader';
import './profile.css';

/** The form of the profile's texts (schemas/forms/edit-profile.json); its id is the route's. */
const PROFILE_FORM_ID = 'edit-profile';

type Data = Record<string, unknown>;

/** What the form starts with before the first save: the listing as onboarding left it. */
function startingData(profile: Profile): Data {
  const area = profile.city && profile.serviceRadiusMiles ? `${profile.city} and up to ${profile.serviceRadiusMiles} miles around` : profile.city;
  const values: Data = { business_name: profile.businessName, about: profile.about, service_area: profile.serviceArea ?? area, website: profile.links.website };
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null && value !== undefined && value !== ''));
}

/** `/edit-profile` (sidebar-only): the profile's texts (a server-driven form), logo and gallery, and links to the listings. */
export default function EditProfilePage() {
  const pathOf = usePathOf();
  const listing = useProfile();
  const screen = useFormScreen<Profile>({ formId: PROFILE_FORM_ID, extra: listing, initialData: (_saved, profile) => startingData(profile) });
  const { data, toast } = screen;
  const completeness = useCompleteness();

  const media = (profile: Profile) => {
    const businessName = typeof data?.business_name === 'string' && data.business_name.trim() ? data.business_name : profile.businessName;
    return (
      <div className="profile-edit__media">
        <Card title="Profile completeness">
          <PageState loading={completeness.isPending} failure={loadFailure('Your profile completeness', completeness)} rows={2} skeletonTitle={false}>
            {completeness.data &&
              (completeness.data.score === 100 ? (
                <Typography.Paragraph>Your profile is complete.</Typography.Paragraph>
              ) : (
                <CompletenessChecklist completeness={completeness.data} missingOnly />
              ))}
          </PageState>
          <a href={publicProfilePath(profile.vendorId, profile.businessName)} target="_blank" rel="noopener noreferrer">
            <ExportOutlined aria-hidden="true" /> Preview your public page<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </Card>
        <LogoUploader logo={profile.logo} businessName={businessName} limits={profile.limits} toast={toast} />
        <GalleryUploader gallery={profile.gallery} limits={profile.limits} toast={toast} />
        <Card title="Your listings">
          {profile.categories.length > 0 ? (
            <Space wrap>
              {profile.categories.map((category) => (
                <LinkButton key={category.id} icon={<EyeOutlined />} to={category.path}>
                  {`View ${category.label} listing`}
                </LinkButton>
              ))}
            </Space>
          ) : (
            <Typography.Text type="secondary">
              Choose what you offer in your <Link to={pathOf('business-details')}>business details</Link>, and your listings appear here.
            </Typography.Text>
          )}
        </Card>
      </div>
    );
  };

  return <FormScreen screen={screen} submitLabel="Save profile" aside={media} className="profile-edit" />;
}
