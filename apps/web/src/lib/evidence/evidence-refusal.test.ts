import { describe, expect, it } from 'vitest';
import { errorCodes, errorStatus } from '@unban/contract/errors';
import { supportedLocales } from '@unban/contract/locale-tags';
import { ApiError } from '../api/api-client';
import { createAppIntl } from '../i18n/app-intl';
import { loadMessages } from '../i18n/catalog';
import { evidenceRefusalText, isEvidenceRefusal } from './evidence-refusal';

const evidenceCodes = errorCodes.filter((code) => code.startsWith('EVIDENCE_'));
const serverWords = 'The server’s own English words';

function refusal(code: (typeof evidenceCodes)[number]) {
  return new ApiError({ status: errorStatus[code], code, message: serverWords });
}

describe('the words for a refused screenshot upload', () => {
  it('has its own code for each refusal the server makes', () => {
    expect(evidenceCodes).toEqual([
      'EVIDENCE_TYPE_NOT_ALLOWED',
      'EVIDENCE_TOO_LARGE',
      'EVIDENCE_LIMIT_REACHED',
      'EVIDENCE_UNREADABLE',
      'EVIDENCE_TOO_MANY_PIXELS',
      'EVIDENCE_CASE_CLOSED',
      'EVIDENCE_UPLOAD_INCOMPLETE',
      'EVIDENCE_MISSING',
      'EVIDENCE_UNEXPECTED_FIELD',
    ]);
    expect(evidenceCodes.every((code) => isEvidenceRefusal(refusal(code)))).toBe(true);
  });

  it.each(supportedLocales)(
    'words every code in %s, with its figures filled in',
    async (locale) => {
      const intl = createAppIntl(locale, await loadMessages(locale));
      const texts = evidenceCodes.map((code) => evidenceRefusalText(intl, refusal(code)));
      for (const text of texts) {
        expect(text).not.toBe(serverWords);
        expect(text).not.toMatch(/[{}]/);
      }
      // Each refusal says something different.
      expect(new Set(texts).size).toBe(texts.length);
    },
  );

  it('says in English what the server says, figures included', async () => {
    const intl = createAppIntl('en', await loadMessages('en'));
    expect(evidenceRefusalText(intl, refusal('EVIDENCE_TOO_LARGE'))).toBe(
      'Each screenshot may be at most 10 MB. Nothing was added; attach a smaller one.',
    );
    expect(evidenceRefusalText(intl, refusal('EVIDENCE_LIMIT_REACHED'))).toBe(
      'A request can hold 3 screenshots at most. Nothing was added; send fewer.',
    );
    expect(evidenceRefusalText(intl, refusal('EVIDENCE_TOO_MANY_PIXELS'))).toBe(
      'This image has too many pixels (at most 40 million). Attach a screenshot rather than a photo or a scan.',
    );
    expect(evidenceRefusalText(intl, refusal('EVIDENCE_UNEXPECTED_FIELD'))).toBe(
      'Send only files, in the field "files".',
    );
  });

  it('names the limits in the reader’s language', async () => {
    const intl = createAppIntl('es', await loadMessages('es'));
    expect(evidenceRefusalText(intl, refusal('EVIDENCE_TOO_LARGE'))).toBe(
      'Cada captura puede pesar como máximo 10 MB. No se añadió nada; adjunta una más pequeña.',
    );
  });
});
