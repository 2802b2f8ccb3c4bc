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

/** 10 MB, 1.2 MB, 350 KB. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) {
    return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
  }
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export interface ChosenFiles {
  accepted: File[];
  problems: string[];
}

/**
 * Adds `chosen` to `current` up to `max`, with a sentence for each file left out. The same
 * file chosen twice (name, size and date) is kept once.
 */
export function addChosenFiles(
  current: readonly File[],
  chosen: readonly File[],
  max: number,
): ChosenFiles {
  const accepted = [...current];
  const problems: string[] = [];
  const key = (file: File) => `${file.name}\n${file.size}\n${file.lastModified}`;
  const known = new Set(accepted.map(key));
  for (const file of chosen) {
    if (known.has(key(file))) continue;
    if (!looksLikeEvidenceImage(file)) {
      problems.push(`${file.name} is not a PNG, JPEG, WebP or HEIC image.`);
    } else if (file.size > MAX_EVIDENCE_BYTES) {
      problems.push(
        `${file.name} is over ${formatBytes(MAX_EVIDENCE_BYTES)}; each screenshot may be ${formatBytes(MAX_EVIDENCE_BYTES)} at most.`,
      );
    } else if (accepted.length >= max) {
      problems.push(
        `${file.name} was left out: you can attach ${max} screenshot${max === 1 ? '' : 's'} at most.`,
      );
    } else {
      accepted.push(file);
      known.add(key(file));
    }
  }
  return { accepted, problems };
}
