import { ArrowLeftOutlined, ArrowRightOutlined, DeleteOutlined, InboxOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Popconfirm, Progress, Typography, Upload, type UploadProps } from 'antd';
import { useRef, useState } from 'react';
import type { GalleryPhoto, UploadLimits } from '../../../../shared/contracts/profile';
import { problemOf } from '../../lib/forms/server-errors';
import { useDeletePhoto } from './api/delete-photo';
import { useReorderGallery } from './api/reorder-gallery';
import { useUploadPhoto } from './api/upload-photo';
import { acceptedTypesText, checkImage, megabytes } from './check-image';

interface Props {
  gallery: GalleryPhoto[];
  limits: UploadLimits;
  toast(kind: 'success' | 'error', content: string): void;
}

interface Pending {
  uid: string;
  name: string;
  percent: number;
}

/** The photo gallery: add photos (several at once, each with its progress), reorder, delete. */
export function GalleryUploader({ gallery, limits, toast }: Props) {
  const [pending, setPending] = useState<Pending[]>([]);
  const upload = useUploadPhoto();
  const removal = useDeletePhoto();
  const reorder = useReorderGallery();
  // Uploads already sent; a ref, because a batch's checks all run before React re-renders.
  const inFlight = useRef(0);
  const full = gallery.length + pending.length >= limits.maxGalleryPhotos;

  const beforeUpload: UploadProps['beforeUpload'] = (file, batch) => {
    const problem = checkImage(file, limits);
    const free = limits.maxGalleryPhotos - gallery.length - inFlight.current;
    const message =
      problem ?? (batch.indexOf(file) >= free ? `"${file.name}" was not added: the gallery holds ${limits.maxGalleryPhotos} photos at most.` : null);
    if (message) toast('error', message);
    return message ? Upload.LIST_IGNORE : true;
  };

  const send: UploadProps['customRequest'] = ({ file }) => {
    const photo = file as File & { uid: string };
    inFlight.current += 1;
    setPending((list) => [...list, { uid: photo.uid, name: photo.name, percent: 0 }]);
    const progress = (percent: number) => setPending((list) => list.map((p) => (p.uid === photo.uid ? { ...p, percent } : p)));
    upload
      .mutateAsync({ file: photo, onProgress: progress })
      .catch((error: unknown) => toast('error', problemOf(error)?.detail ?? `"${photo.name}" could not be uploaded. Check your connection and try again.`))
      .finally(() => {
        inFlight.current -= 1;
        setPending((list) => list.filter((p) => p.uid !== photo.uid));
      });
  };

  const remove = async (photo: GalleryPhoto) => {
    try {
      await removal.mutateAsync(photo.id);
      toast('success', 'Photo deleted');
    } catch (error) {
      toast('error', problemOf(error)?.detail ?? 'The photo could not be deleted. Try again.');
    }
  };

  const move = async (from: number, to: number) => {
    const ids = gallery.map((p) => p.id);
    const [id] = ids.splice(from, 1);
    if (id === undefined) return;
    ids.splice(to, 0, id);
    try {
      await reorder.mutateAsync(ids);
    } catch (error) {
      toast('error', problemOf(error)?.detail ?? 'The gallery could not be reordered. Try again.');
    }
  };

  return (
    <Card
      title="Photo gallery"
      extra={<Typography.Text type="secondary">{`${gallery.length} of ${limits.maxGalleryPhotos} photos`}</Typography.Text>}
      data-testid="gallery-uploader"
    >
      <Upload.Dragger
        multiple
        accept={limits.types.join(',')}
        showUploadList={false}
        beforeUpload={beforeUpload}
        customRequest={send}
        disabled={full}
        className="profile-gallery__drop"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{full ? 'Your gallery is full' : 'Add photos: tap to choose, or drop them here'}</p>
        <p className="ant-upload-hint">
          {acceptedTypesText(limits)}, at least {limits.minPhoto.long} × {limits.minPhoto.short} pixels and up to {megabytes(limits.maxBytes)} each. We resize
          them for the web and remove camera data.
        </p>
      </Upload.Dragger>
      {gallery.length === 0 && pending.length === 0 ? (
        <Empty description="No photos yet. Couples book what they can see: add your best work." />
      ) : (
        <ol className="profile-gallery" aria-label="Gallery photos">
          {gallery.map((photo, i) => (
            <li key={photo.id} className="profile-gallery__item">
              <img src={photo.thumbUrl} alt={`Gallery photo ${i + 1}`} loading="lazy" />
              <div className="profile-gallery__actions">
                <Button
                  size="small"
                  icon={<ArrowLeftOutlined />}
                  aria-label={`Move photo ${i + 1} earlier`}
                  disabled={i === 0}
                  onClick={() => void move(i, i - 1)}
                />
                <Button
                  size="small"
                  icon={<ArrowRightOutlined />}
                  aria-label={`Move photo ${i + 1} later`}
                  disabled={i === gallery.length - 1}
                  onClick={() => void move(i, i + 1)}
                />
                <Popconfirm title="Delete this photo?" okText="Delete" okButtonProps={{ danger: true }} onConfirm={() => remove(photo)}>
                  <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Delete photo ${i + 1}`} />
                </Popconfirm>
              </div>
            </li>
          ))}
          {pending.map((item) => (
            <li key={item.uid} className="profile-gallery__item profile-gallery__item--pending" aria-label={`Uploading ${item.name}`}>
              <Progress type="circle" percent={item.percent} size={64} />
              <Typography.Text ellipsis className="profile-gallery__name">
                {item.name}
              </Typography.Text>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
