import { Image } from 'antd';
import type { PublicVendor } from '../../../../../shared/contracts/public-vendors';

const THUMB_SIZE = 400;

/** The photos as square thumbnails (lazy, sized so nothing jumps), each opening a lightbox that pages through them all. */
export function ProfileGallery({ name, photos }: { name: string; photos: PublicVendor['gallery'] }) {
  return (
    <Image.PreviewGroup>
      <ul className="public-gallery">
        {photos.map((photo, i) => (
          <li key={photo.id}>
            <Image
              src={photo.thumbUrl}
              width={THUMB_SIZE}
              height={THUMB_SIZE}
              loading="lazy"
              decoding="async"
              preview={{ src: photo.url }}
              alt={`${name}, photo ${i + 1} of ${photos.length}`}
            />
          </li>
        ))}
      </ul>
    </Image.PreviewGroup>
  );
}
