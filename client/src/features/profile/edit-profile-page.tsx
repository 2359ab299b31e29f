import { EyeOutlined } from '@ant-design/icons';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { Alert, Button, Card, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { SchemaForm } from '../../lib/forms/schema-form';
import type { GalleryPhoto, ProfileImage } from './api/profile';
import { GalleryUploader } from './gallery-uploader';
import { LogoUploader } from './logo-uploader';
import { PROFILE_FORM_ID, useProfileScreen } from './use-profile-screen';
import './profile.css';

/** `/edit-profile` (sidebar-only): the profile's texts (a server-driven form), logo and gallery, and links to the listings. */
export default function EditProfilePage() {
  const screen = useProfileScreen();
  const navigate = useNavigate();
  const { profile, setProfile, definition, validator, saved, data, loadError, serverErrors, saving, prompt, onChange, onSubmit, reload, toast } = screen;

  if (loadError) {
    return <Result status="warning" title="Your profile could not be loaded" subTitle={loadError} extra={<Button onClick={reload}>Try again</Button>} />;
  }
  if (!profile || !definition || !validator || !saved) return <Skeleton active paragraph={{ rows: 10 }} />;

  const setLogo = (logo: ProfileImage | null) => setProfile((p) => (p ? { ...p, logo } : p));
  const updateGallery = (change: (gallery: GalleryPhoto[]) => GalleryPhoto[]) => setProfile((p) => (p ? { ...p, gallery: change(p.gallery) } : p));
  const businessName = typeof data?.business_name === 'string' && data.business_name.trim() ? data.business_name : profile.businessName;

  return (
    <section className="page profile-edit" aria-labelledby="page-title">
      {prompt}
      <header className="profile-edit__header">
        <Typography.Title level={2} id="page-title">
          {definition.title ?? 'Business profile'}
        </Typography.Title>
        {saved.status === 'complete' && <Tag color="green">Saved</Tag>}
        {definition.description && <Typography.Paragraph type="secondary">{definition.description}</Typography.Paragraph>}
      </header>
      {saved.status === 'needs-review' && (
        <Alert type="warning" showIcon className="profile-edit__review" title="This form changed since you last saved it. Please review the highlighted fields and save again." />
      )}
      <div className="profile-edit__body">
        <Card className="profile-edit__form form-screen__card">
          <SchemaForm
            id={PROFILE_FORM_ID}
            schema={definition.schema as RJSFSchema}
            uiSchema={definition.uiSchema as UiSchema<Record<string, unknown>>}
            validator={validator}
            formData={data}
            extraErrors={serverErrors}
            disabled={saving}
            submitLabel={saving ? 'Saving…' : 'Save profile'}
            onChange={onChange}
            onSubmit={(next) => void onSubmit(next)}
          />
        </Card>
        <div className="profile-edit__media">
          <LogoUploader logo={profile.logo} businessName={businessName} limits={profile.limits} onChange={setLogo} toast={toast} />
          <GalleryUploader gallery={profile.gallery} limits={profile.limits} update={updateGallery} toast={toast} />
          <Card title="Your listings">
            {profile.categories.length > 0 ? (
              <Space wrap>
                {profile.categories.map((category) => (
                  <Button key={category.id} icon={<EyeOutlined />} onClick={() => void navigate(category.path)}>
                    {`View ${category.label} listing`}
                  </Button>
                ))}
              </Space>
            ) : (
              <Typography.Text type="secondary">Choose what you offer in your business details, and your listings appear here.</Typography.Text>
            )}
          </Card>
        </div>
      </div>
    </section>
  );
}
