import './status-badge.css';

export type StatusTone = 'neutral' | 'progress' | 'success' | 'attention' | 'problem';

interface StatusBadgeProps {
  tone: StatusTone;
  children: string;
}

/**
 * A state name set apart from the text around it. The tone only adds colour; the words carry
 * the meaning, so nothing depends on telling colours apart.
 */
export function StatusBadge({ tone, children }: StatusBadgeProps) {
  return <span className={`status-badge status-badge--${tone}`}>{children}</span>;
}
