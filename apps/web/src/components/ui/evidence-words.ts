import type { IntlShape } from 'react-intl';
import type { EvidenceProblem } from '../../lib/evidence/evidence-files';

const MEGABYTE = 1024 * 1024;

/** "10 MB", "1.2 MB", "350 KB", with the language's decimal separator ("1,5 MB"). */
export function formatBytes(intl: IntlShape, bytes: number): string {
  if (bytes >= MEGABYTE) {
    return intl.formatMessage(
      { id: 'evidence.size.megabytes' },
      { size: Math.round((bytes / MEGABYTE) * 10) / 10 },
    );
  }
  return intl.formatMessage(
    { id: 'evidence.size.kilobytes' },
    { size: Math.max(1, Math.round(bytes / 1024)) },
  );
}

/** The sentence that says why a chosen file was left out. */
export function evidenceProblemText(intl: IntlShape, problem: EvidenceProblem): string {
  const name = problem.fileName;
  switch (problem.kind) {
    case 'not-image':
      return intl.formatMessage({ id: 'evidence.picker.notImage' }, { name });
    case 'too-large':
      return intl.formatMessage(
        { id: 'evidence.picker.tooLarge' },
        { name, size: formatBytes(intl, problem.maxBytes) },
      );
    case 'over-limit':
      return intl.formatMessage({ id: 'evidence.picker.overLimit' }, { name, max: problem.max });
  }
}
