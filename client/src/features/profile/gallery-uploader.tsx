import { ArrowLeftOutlined, ArrowRightOutlined, DeleteOutlined, InboxOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Popconfirm, Progress, Typography, Upload, type UploadProps } from 'antd';
import { useRef, useState } from 'react';
import { problemOf } from '../../lib/forms/server-errors';
import { deletePhoto, reorderGallery, uploadPhoto } from './api/images';
import type { GalleryPhoto, UploadLimits } from './api/profile';
import { acceptedTypesText, checkImage, megabytes } from './check-image';

interface Props {
  gallery: GalleryPhoto[];
  limits: UploadLimits;
  update(change: (gallery: GalleryPhoto[]) => GalleryPhoto[]): void;
  toast(kind: 'success' | 'error', content: string): void;
}

interface Pending {
  uid: string;
  name: string;
  percent: number;
}

/** The photo gallery: add photos (several at once, each with its progress), reorder, delete. */
export function GalleryUploader({ gallery, limits, update, toast }: Props) {
  const [pending, setPending] = useState<Pending[]>([]);
  // Uploads already sent; a ref, because a batch's checks all run before React re-renders.
  const inFlight = useRef(0);
  const full = gallery.length + pending.length >= limits.maxGalleryPhotos;

  const beforeUpload: UploadProps['beforeUpload'] = (file, batch) => {
    const problem = checkImage(file, limits);
    const free = limits.maxGalleryPhotos - gallery.length - inFlight.current;
    const message = problem ?? (batch.indexOf(file) >= free ? `"${file.name}" was not added: the gallery holds ${limits.maxGalleryPhotos} photos at most.` : null);
    if (message) toast('error', message);
    return message ? Upload.LIST_IGNORE : true;
  };

  const send: UploadProps['customRequest'] = ({ file }) => {
    const upload = file as File & { uid: string };
    inFlight.current += 1;
    setPending((list) => [...list, { uid: upload.uid, name: upload.name, percent: 0 }]);
    const progress = (percent: number) => setPending((list) => list.map((p) => (p.uid === upload.uid ? { ...p, percent } : p)));
    uploadPhoto(upload, progress)
      .then((photo) => update((photos) => [...photos, photo]))
      .catch((error: unknown) => toast('error', problemOf(error)?.detail ?? `"${upload.name}" could not be uploaded. Check your connection and try again.`))
      .finally(() => {
        inFlight.current -= 1;
        setPending((list) => list.filter((p) => p.uid !== upload.uid));
      });
  };

  const remove = async (photo: GalleryPhoto) => {
    try {
      await deletePhoto(photo.id);
      update((photos) => photos.filter((p) => p.id !== photo.id));
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
      const ordered = await reorderGallery(ids);
      update(() => ordered);
    } catch (error) {
      toast('error', problemOf(error)?.detail ?? 'The gallery could not be reordered. Try again.');
    }
  };

  return (
    <Card title="Photo gallery" extra={<Typography.Text type="secondary">{`${gallery.length} of ${limits.maxGalleryPhotos} photos`}</Typography.Text>} data-testid="gallery-uploader">
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
          {acceptedTypesText(limits)}, up to {megabytes(limits.maxBytes)} each. We resize them for the web and remove camera data.
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
                <Button size="small" icon={<ArrowLeftOutlined />} aria-label={`Move photo ${i + 1} earlier`} disabled={i === 0} onClick={() => void move(i, i - 1)} />
                <Button size="small" icon={<ArrowRightOutlined />} aria-label={`Move photo ${i + 1} later`} disabled={i === gallery.length - 1} onClick={() => void move(i, i + 1)} />
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
