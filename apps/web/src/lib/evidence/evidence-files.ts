import { MAX_EVIDENCE_BYTES } from '@unban/contract/evidence';

/*
 * The browser's early word on chosen files, so a customer hears at once what the server
 * would refuse. The server decides from the content; this only looks at names and sizes.
 */

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/heic', 'image/heif']);
const IMAGE_EXTENSION = /\.(png|jpe?g|webp|heic|heif)$/i;

export function looksLikeEvidenceImage(file: File): boolean {
  return IMAGE_TYPES.has(file.type) || IMAGE_EXTENSION.test(file.name);
}

/** Why a chosen file is left out; the picker words it in the page's language. */
export type EvidenceProblem =
  | { kind: 'not-image'; fileName: string }
  | { kind: 'too-large'; fileName: string; maxBytes: number }
  | { kind: 'over-limit'; fileName: string; max: number };

export interface ChosenFiles {
  accepted: File[];
  problems: EvidenceProblem[];
}

/**
 * Adds `chosen` to `current` up to `max`, with the reason for each file left out. The same
 * file chosen twice (name, size and date) is kept once.
 */
export function addChosenFiles(
  current: readonly File[],
  chosen: readonly File[],
  max: number,
): ChosenFiles {
  const accepted = [...current];
  const problems: EvidenceProblem[] = [];
  const key = (file: File) => `${file.name}\n${file.size}\n${file.lastModified}`;
  const known = new Set(accepted.map(key));
  for (const file of chosen) {
    if (known.has(key(file))) continue;
    if (!looksLikeEvidenceImage(file)) {
      problems.push({ kind: 'not-image', fileName: file.name });
    } else if (file.size > MAX_EVIDENCE_BYTES) {
      problems.push({ kind: 'too-large', fileName: file.name, maxBytes: MAX_EVIDENCE_BYTES });
    } else if (accepted.length >= max) {
      problems.push({ kind: 'over-limit', fileName: file.name, max });
    } else {
      accepted.push(file);
      known.add(key(file));
    }
  }
  return { accepted, problems };
}
