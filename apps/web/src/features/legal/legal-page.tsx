import type { ReactNode } from 'react';
import { useScreenTitle } from '../../lib/browser/use-document-title';
import { useSiteIdentity } from '../../lib/site-identity/site-identity';
import './legal.css';

/** When the legal texts last changed in substance; update it with the text. */
export const LEGAL_UPDATED = { iso: '2026-11-25', label: '25 November 2026' } as const;

export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  useScreenTitle(title);
  const { brand, legalEntity } = useSiteIdentity();
  return (
    <article className="page legal">
      <h1>{title}</h1>
      <p className="muted">
        Last updated <time dateTime={LEGAL_UPDATED.iso}>{LEGAL_UPDATED.label}</time>
      </p>
      {children}
      {legalEntity ? (
        <p className="muted">{`${brand} is operated by ${legalEntity.name}, ${legalEntity.address}.`}</p>
      ) : null}
    </article>
  );
}
