import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EvidenceItem } from '@unban/contract/evidence';
import { LocaleIntl } from '../../test/locale-intl';
import { EvidenceGallery } from './evidence-gallery';

const item = (id: string): EvidenceItem => ({
  id,
  contentType: 'image/png',
  byteSize: 2048,
  width: 1080,
  height: 2400,
  createdAt: '2026-11-25T15:00:00.000Z',
});

const shown = '00000000-0000-4000-8000-000000000001';
const missing = '00000000-0000-4000-8000-000000000002';

beforeEach(() => {
  // The image host: the first screenshot is there, the second is gone.
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.includes(shown)) return new Response(new Blob([new Uint8Array(8)]), { status: 200 });
    return new Response(JSON.stringify({ error: { code: 'NOT_FOUND' } }), { status: 404 });
  });
  // jsdom has no object URLs; the gallery only needs one to point the image at.
  URL.createObjectURL = vi.fn(() => 'blob:screenshot');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('EvidenceGallery', () => {
  it('in Portuguese: names each screenshot, says which failed, and when it was added', async () => {
    render(
      <LocaleIntl locale="pt-BR">
        <EvidenceGallery
          items={[item(shown), item(missing)]}
          imagePath={(id) => `/api/requests/r-1/evidence/${id}`}
          credentials={async () => ({ statusToken: 'token' })}
        />
      </LocaleIntl>,
    );
    expect(
      await screen.findByRole('img', { name: 'Captura de tela 1 da mensagem de banimento' }),
    ).toHaveAttribute('src', 'blob:screenshot');
    expect(
      await screen.findByText('Não foi possível carregar a captura de tela 2.'),
    ).toBeInTheDocument();
    const added = screen.getAllByText(/^Adicionada em /);
    expect(added).toHaveLength(2);
    expect(added[0]).toHaveTextContent(/^Adicionada em .*2026.* · 1080×2400$/);
  });
});
