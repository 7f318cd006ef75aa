import { Anchor, type AnchorProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { prefetchOnce } from '../../lib/prefetch';

export interface PrefetchLinkProps extends AnchorProps {
  to: string;
  children: ReactNode;
}

/** A router link that loads its target page's code the first time it is hovered or focused. */
export function PrefetchLink({ to, children, ...rest }: PrefetchLinkProps) {
  const warm = () => prefetchOnce(to);
  return (
    <Anchor component={Link} to={to} onMouseEnter={warm} onFocus={warm} {...rest}>
      {children}
    </Anchor>
  );
}
