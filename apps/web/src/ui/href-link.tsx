import { Anchor, type AnchorProps } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';

interface HrefLinkProps extends AnchorProps {
  /** A path of the studio, query included (e.g. `/auth/sso?email=…`). */
  href: string;
  children: ReactNode;
}

/** A link to a studio address with a query: followed by the router, or opened in a new tab with a modifier. */
export function HrefLink({ href, children, ...props }: HrefLinkProps) {
  const navigate = useNavigate();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate({ href });
  };
  return (
    <Anchor href={href} onClick={follow} {...props}>
      {children}
    </Anchor>
  );
}
