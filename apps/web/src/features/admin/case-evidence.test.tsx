import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EvidenceList } from '@unban/contract/evidence';
import { getIdToken } from '../../lib/auth/auth';
import { AdminCaseEvidence } from './case-evidence';

vi.mock('../../lib/auth/auth', () => ({ getIdToken: vi.fn() }));

const CASE_ID = '0190d3c4-6a7b-7c8d-9e0f-123456789abc';
const LIST_URL = `/api/admin/requests/${CASE_ID}/evidence`;
const STAFF_TOKEN = 'id-token-of-operator';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

let list: EvidenceList;
let imageStatus: number;

beforeEach(() => {
  vi.mocked(getIdToken).mockResolvedValue(STAFF_TOKEN);
  imageStatus = 200;
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:test/1'), revokeObjectURL: vi.fn() });
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const auth = new Headers(init?.headers).get('Authorization');
    if (auth !== `Bearer ${STAFF_TOKEN}`)
      return json(401, { error: { code: 'UNAUTHENTICATED', message: 'Sign in.' } });
    if (url === LIST_URL) return json(200, list);
    if (url.startsWith(`${LIST_URL}/`) && imageStatus === 200) {
      return new Response(new Blob([new Uint8Array(8)], { type: 'image/webp' }), { status: 200 });
    }
    return json(404, {
      error: { code: 'NOT_FOUND', message: 'We could not find this screenshot.' },
    });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

const evidenceItem = {
  id: '0190d3c4-6a7b-7c8d-9e0f-000000000001',
  contentType: 'image/webp' as const,
  byteSize: 1200,
  width: 1290,
  height: 2796,
  createdAt: '2025-03-04T14:06:00.000Z',
};

describe("the case view's screenshots", () => {
  it("shows the customer's screenshot, opening full size in a new tab", async () => {
    list = { items: [evidenceItem], remaining: 2 };
    render(<AdminCaseEvidence requestId={CASE_ID} />);
    const region = screen.getByRole('region', { name: 'Screenshots of the ban' });
    const image = await within(region).findByRole('img', {
      name: 'Screenshot 1 of the ban message',
    });
    expect(image).toHaveAttribute('src', 'blob:test/1');
    expect(image.closest('a')).toHaveAttribute('target', '_blank');
    expect(region).toHaveTextContent('1290×2796');
  });

  it('says when there are none, and when one cannot be loaded', async () => {
    list = { items: [], remaining: 3 };
    const { unmount } = render(<AdminCaseEvidence requestId={CASE_ID} />);
    expect(await screen.findByText('The customer has not sent screenshots.')).toBeVisible();
    unmount();

    list = { items: [evidenceItem], remaining: 2 };
    imageStatus = 404;
    render(<AdminCaseEvidence requestId={CASE_ID} />);
    expect(await screen.findByText('Screenshot 1 could not be loaded.')).toBeVisible();
  });
});
