import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockInstance } from 'vitest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EvidenceList } from '@unban/contract/evidence';
import { getIdToken } from '../../lib/auth/auth';
import { CaseEvidence } from './case-evidence';
import { ID_TOKEN, REQUEST_ID, json, requestDetail, requestUrl } from './test-fixtures';

vi.mock('../../lib/auth/auth', () => ({ getIdToken: vi.fn() }));

const LIST_URL = `/api/requests/${REQUEST_ID}/evidence`;
const item = (n: number) => ({
  id: `0190d3c4-6a7b-7c8d-9e0f-00000000000${n}`,
  contentType: 'image/png' as const,
  byteSize: 1200,
  width: 120,
  height: 200,
  createdAt: '2025-03-04T14:06:00.000Z',
});

let fetchSpy: MockInstance<typeof fetch>;
let list: EvidenceList;
let uploadAnswer: () => Response;

beforeEach(() => {
  vi.mocked(getIdToken).mockResolvedValue(ID_TOKEN);
  list = { items: [item(1)], remaining: 2 };
  uploadAnswer = () => json(201, { items: [item(1), item(2)], remaining: 1 });
  // jsdom has no object URLs: the images get a stand-in address.
  let made = 0;
  Object.assign(URL, {
    createObjectURL: vi.fn(() => `blob:test/${++made}`),
    revokeObjectURL: vi.fn(),
  });
  fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = requestUrl(input);
    if (url === LIST_URL && init?.method === 'POST') return uploadAnswer();
    if (url === LIST_URL) return json(200, list);
    if (url.startsWith(`${LIST_URL}/`)) {
      return new Response(new Blob([new Uint8Array(8)], { type: 'image/png' }), { status: 200 });
    }
    return json(404, { error: { code: 'ROUTE_NOT_FOUND', message: 'No such route.' } });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('screenshots on the case page', () => {
  it("shows the customer's screenshots, fetched with their token", async () => {
    render(<CaseEvidence request={requestDetail()} />);
    const region = screen.getByRole('region', { name: 'Screenshots of the ban' });
    const image = await within(region).findByRole('img', {
      name: 'Screenshot 1 of the ban message',
    });
    expect(image).toHaveAttribute('src', 'blob:test/1');
    const imageCall = fetchSpy.mock.calls.find(([input]) =>
      requestUrl(input).startsWith(`${LIST_URL}/`),
    );
    expect(new Headers(imageCall?.[1]?.headers).get('Authorization')).toBe(`Bearer ${ID_TOKEN}`);
  });

  it('adds screenshots up to what the request can still take', async () => {
    const user = userEvent.setup();
    render(<CaseEvidence request={requestDetail()} />);
    const picker = await screen.findByLabelText('Add screenshots of the ban message');
    expect(picker).toHaveAccessibleDescription(expect.stringContaining('Up to 2 images'));
    const send = screen.getByRole('button', { name: 'Send screenshots' });
    expect(send).toBeDisabled();

    await user.upload(picker, [new File([new Uint8Array(4)], 'later.png', { type: 'image/png' })]);
    await user.click(send);

    expect(await screen.findByText('Your screenshot was added.')).toBeVisible();
    await waitFor(() =>
      expect(
        screen.getAllByRole('img', { name: /^Screenshot \d of the ban message$/ }),
      ).toHaveLength(2),
    );
    const upload = fetchSpy.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(((upload?.[1]?.body as FormData).getAll('files') as File[]).map((f) => f.name)).toEqual([
      'later.png',
    ]);
    expect(screen.queryByRole('list', { name: 'Chosen screenshots' })).not.toBeInTheDocument();
  });

  it("keeps the files and shows the server's reason when it refuses them", async () => {
    const reason = 'Each screenshot may be at most 10 MB. Nothing was added; attach a smaller one.';
    uploadAnswer = () => json(413, { error: { code: 'EVIDENCE_TOO_LARGE', message: reason } });
    const user = userEvent.setup();
    render(<CaseEvidence request={requestDetail()} />);
    const picker = await screen.findByLabelText('Add screenshots of the ban message');
    await user.upload(picker, [new File([new Uint8Array(4)], 'big.png', { type: 'image/png' })]);
    await user.click(screen.getByRole('button', { name: 'Send screenshots' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(reason);
    expect(screen.getByRole('button', { name: 'Remove big.png' })).toBeVisible();
  });

  it('offers no upload once the request is full or the case is closed', async () => {
    list = { items: [item(1), item(2), item(3)], remaining: 0 };
    const { unmount } = render(<CaseEvidence request={requestDetail()} />);
    await screen.findByRole('img', { name: 'Screenshot 3 of the ban message' });
    expect(screen.queryByLabelText('Add screenshots of the ban message')).not.toBeInTheDocument();
    unmount();

    list = { items: [], remaining: 3 };
    render(<CaseEvidence request={requestDetail({ caseState: 'unbanned' })} />);
    expect(
      await screen.findByText('You have not sent screenshots of the ban message.'),
    ).toBeVisible();
    expect(screen.queryByLabelText('Add screenshots of the ban message')).not.toBeInTheDocument();
  });
});
