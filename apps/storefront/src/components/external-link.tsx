import type { ReactNode } from 'react';
import { useTranslate } from '../features/i18n';

/** A link that opens a new tab safely and says so to screen readers. */
export function ExternalLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  const t = useTranslate();
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> ({t('a11y.external-link')})</span>
    </a>
  );
}
