import { Button, type ButtonProps } from 'antd';
import type { MouseEvent } from 'react';
import { useHref, useLinkClickHandler } from 'react-router-dom';

type Props = Omit<ButtonProps, 'href' | 'onClick'> & {
  /** The app path it opens. */
  to: string;
  /** Besides opening it (a dialog closing, a count read). */
  onClick?: () => void;
};

/**
 * A button that goes to another page: a real `<a href>` (middle click, ⌘-click and "Copy link"
 * work) that, clicked plainly, routes on the client like every other navigation.
 */
export function LinkButton({ to, onClick, ...button }: Props) {
  const href = useHref(to);
  const route = useLinkClickHandler<HTMLAnchorElement>(to);
  return (
    <Button
      {...button}
      href={href}
      onClick={(event: MouseEvent<HTMLElement>) => {
        onClick?.();
        route(event as MouseEvent<HTMLAnchorElement>);
      }}
    />
  );
}
