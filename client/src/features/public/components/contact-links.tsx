import { FacebookOutlined, GlobalOutlined, InstagramOutlined, MailOutlined, PhoneOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { PublicVendor } from '../../../../../shared/contracts/public-vendors';

/** A social profile given as a link or a handle ("@sweetlayers"), as a link. */
function socialUrl(value: string, site: string): string {
  return /^https?:\/\//i.test(value) ? value : `https://${site}/${value.replace(/^@/, '')}`;
}

/** The business's published ways to reach it; null when it published none (the section is left out). */
export function contactItems(contact: PublicVendor['contact']): { key: string; icon: ReactNode; label: string; href: string; external: boolean }[] {
  const items = [];
  if (contact.phone)
    items.push({ key: 'phone', icon: <PhoneOutlined />, label: contact.phone, href: `tel:${contact.phone.replace(/[^\d+]/g, '')}`, external: false });
  if (contact.email) items.push({ key: 'email', icon: <MailOutlined />, label: contact.email, href: `mailto:${contact.email}`, external: false });
  if (contact.website) {
    const href = /^https?:\/\//i.test(contact.website) ? contact.website : `https://${contact.website}`;
    items.push({ key: 'website', icon: <GlobalOutlined />, label: 'Website', href, external: true });
  }
  if (contact.instagram)
    items.push({ key: 'instagram', icon: <InstagramOutlined />, label: 'Instagram', href: socialUrl(contact.instagram, 'instagram.com'), external: true });
  if (contact.facebook)
    items.push({ key: 'facebook', icon: <FacebookOutlined />, label: 'Facebook', href: socialUrl(contact.facebook, 'facebook.com'), external: true });
  return items;
}

/** Phone, email and links, only those present. */
export function ContactLinks({ items }: { items: ReturnType<typeof contactItems> }) {
  return (
    <ul className="public-contact">
      {items.map((item) => (
        <li key={item.key}>
          <span aria-hidden="true" className="public-contact__icon">
            {item.icon}
          </span>
          <a href={item.href} {...(item.external ? { target: '_blank', rel: 'noopener noreferrer nofollow' } : {})}>
            {item.label}
            {item.external && <span className="visually-hidden"> (opens in a new tab)</span>}
          </a>
        </li>
      ))}
    </ul>
  );
}
