import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Avatar, Button, Card, Popconfirm, Progress, Space, Typography, Upload, type UploadProps } from 'antd';
import { useState } from 'react';
import type { ProfileImage, UploadLimits } from '../../../../shared/contracts/profile';
import { problemOf } from '../../lib/forms/server-errors';
import { useDeleteLogo } from './api/delete-logo';
import { useUploadLogo } from './api/upload-logo';
import { acceptedTypesText, checkImage, megabytes } from './check-image';

interface Props {
  logo: ProfileImage | null;
  businessName: string;
  limits: UploadLimits;
  toast(kind: 'success' | 'error', content: string): void;
}

/** The business's initials, for a listing without a logo. */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}

/** The logo: shown as customers see it, replaced by an upload (checked here, cropped by the server), or removed. */
export function LogoUploader({ logo, businessName, limits, toast }: Props) {
  const [percent, setPercent] = useState<number | null>(null);
  const upload = useUploadLogo();
  const removal = useDeleteLogo();

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const problem = checkImage(file, limits);
    if (problem) toast('error', problem);
    return problem ? Upload.LIST_IGNORE : true;
  };

  const send: UploadProps['customRequest'] = ({ file }) => {
    setPercent(0);
    upload
      .mutateAsync({ file: file as File, onProgress: setPercent })
      .then(() => toast('success', 'Logo updated'))
      .catch((error: unknown) => toast('error', problemOf(error)?.detail ?? 'The logo could not be uploaded. Check your connection and try again.'))
      .finally(() => setPercent(null));
  };

  const remove = async () => {
    try {
      await removal.mutateAsync();
      toast('success', 'Logo removed');
    } catch (error) {
      toast('error', problemOf(error)?.detail ?? 'The logo could not be removed. Try again.');
    }
  };

  const busy = percent !== null;
  return (
    <Card title="Logo" data-testid="logo-uploader">
      <div className="profile-logo">
        <Avatar shape="square" size={96} src={logo?.url} alt={logo ? `Logo of ${businessName}` : undefined} className="profile-logo__image">
          {initialsOf(businessName)}
        </Avatar>
        <div className="profile-logo__controls">
          <Typography.Paragraph type="secondary">
            A square image works best: we crop it to 512 × 512. {acceptedTypesText(limits)}, at least {limits.minLogo.long} × {limits.minLogo.short} pixels and
            up to {megabytes(limits.maxBytes)}.
          </Typography.Paragraph>
          <Space wrap>
            <Upload accept={limits.types.join(',')} showUploadList={false} beforeUpload={beforeUpload} customRequest={send} disabled={busy}>
              <Button icon={<UploadOutlined />} loading={busy}>
                {logo ? 'Replace logo' : 'Upload logo'}
              </Button>
            </Upload>
            {logo && (
              <Popconfirm title="Remove your logo?" okText="Remove" okButtonProps={{ danger: true }} onConfirm={remove}>
                <Button danger icon={<DeleteOutlined />} disabled={busy}>
                  Remove
                </Button>
              </Popconfirm>
            )}
          </Space>
          {busy && <Progress percent={percent} size="small" aria-label="Logo upload progress" />}
        </div>
      </div>
    </Card>
  );
}
