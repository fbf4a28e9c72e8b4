import { cloneElement, Suspense, useState, type ReactElement, type ReactNode } from 'react';

/**
 * Shows `button` alone until it is first clicked, then `children` (a lazy component that renders
 * the same button, opened): a menu's code loads when someone opens it, not with the first screen.
 */
export function LoadOnFirstClick({
  button,
  children,
}: {
  button: ReactElement<{ onClick?: () => void }>;
  children: ReactNode;
}) {
  const [wanted, setWanted] = useState(false);
  if (!wanted) return cloneElement(button, { onClick: () => setWanted(true) });
  return <Suspense fallback={button}>{children}</Suspense>;
}
