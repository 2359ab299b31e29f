import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import type { MouseEvent, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { PublicCategory } from '../../../../../shared/contracts/public-vendors';

interface RequestQuoteButtonProps {
  categories: readonly PublicCategory[];
  /** Called before the form opens (the profile's "quote-click" beacon). */
  onRequest?: () => void;
  size?: 'middle' | 'large';
  /** The button's words; "Request a quote" unless given (with hidden words telling apart the buttons of a list). */
  label?: ReactNode;
}

/**
 * "Request a quote": a link to the category's request form, sent to this business only. A business
 * of several categories gets a menu so the couple picks which one they need.
 */
export function RequestQuoteButton({ categories, onRequest, size = 'large', label = 'Request a quote' }: RequestQuoteButtonProps) {
  const navigate = useNavigate();
  const open = (path: string) => (event: MouseEvent) => {
    // A plain click opens the form in the app; a modified one (new tab) is the browser's.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return onRequest?.();
    event.preventDefault();
    onRequest?.();
    void navigate(path);
  };
  const [only] = categories;
  if (categories.length === 1 && only) {
    return (
      <Button type="primary" size={size} href={only.requestPath} onClick={open(only.requestPath)}>
        {label}
      </Button>
    );
  }
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: categories.map((category) => ({
          key: category.id,
          label: (
            <Link to={category.requestPath} onClick={open(category.requestPath)}>
              {category.label}
            </Link>
          ),
        })),
      }}
    >
      <Button type="primary" size={size}>
        {label} <DownOutlined aria-hidden="true" />
      </Button>
    </Dropdown>
  );
}
