import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockInstance } from 'vitest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { defaultPlaybooks } from '@unban/contract/playbook-defaults';
import type { Playbook } from '@unban/contract/playbooks';
import { getIdToken } from '../../lib/auth/auth';
import type { AdminSession } from './api/get-session';
import { PlaybooksScreen } from './playbooks-screen';
import { ID_TOKEN, json, requestUrl } from './test-fixtures';

vi.mock('../../lib/auth/auth', () => ({ getIdToken: vi.fn() }));

const version1: Playbook = {
  id: '0190d3c4-6a7b-7c8d-9e0f-000000000001',
  app: 'whatsapp',
  banType: 'permanent_ban',
  version: 1,
  current: true,
  content: defaultPlaybooks.whatsapp.permanent_ban,
  savedByUid: null,
  savedAt: '2026-11-25T10:00:00.000Z',
};

let fetchSpy: MockInstance<typeof fetch>;
let onPut: (body: unknown) => Response;

beforeEach(() => {
  vi.mocked(getIdToken).mockResolvedValue(ID_TOKEN);
  onPut = () => json(500);
  fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    if (init?.method === 'PUT') return onPut(JSON.parse(String(init.body)));
    expect(requestUrl(input)).toContain('/api/admin/playbooks/whatsapp/permanent_ban');
    return json(200, version1);
  });
});

afterEach(() => {
  fetchSpy.mockRestore();
});

function renderPlaybooks(session: AdminSession) {
  const router = createMemoryRouter([
    {
      path: '/',
      element: <Outlet context={session} />,
      children: [{ index: true, Component: PlaybooksScreen }],
    },
  ]);
  render(<RouterProvider router={router} />);
}

const admin: AdminSession = { uid: 'a1', email: 'boss@example.com', role: 'admin' };
const emailChannel = () => screen.getByRole('group', { name: 'Channel 2: Support e-mail' });

describe('the playbooks screen', () => {
  it('shows an operator the playbook read-only', async () => {
    renderPlaybooks({ ...admin, role: 'operator' });
    expect(await screen.findByText('Version 1')).toBeInTheDocument();
    expect(screen.getByText(/Only admins can change them/)).toBeInTheDocument();
    expect(within(emailChannel()).getByRole('textbox', { name: 'Appeal text' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Save/ })).not.toBeInTheDocument();
  });

  it('saves an admin’s edit as the next version', async () => {
    const user = userEvent.setup();
    let sent: unknown;
    onPut = (body) => {
      sent = body;
      return json(200, { ...version1, id: version1.id.replace(/1$/, '2'), version: 2 });
    };
    renderPlaybooks(admin);
    await screen.findByText('Version 1');
    const text = within(emailChannel()).getByRole('textbox', { name: 'Appeal text' });
    await user.clear(text);
    await user.type(text, 'Please review {{{{phone_e164}}');
    await user.click(screen.getByRole('button', { name: 'Save as version 2' }));

    expect(await screen.findByText('Saved as version 2.')).toBeInTheDocument();
    expect(sent).toMatchObject({
      expectedVersion: 1,
      content: {
        channels: [
          { kind: 'in-app-review-by-owner' },
          {
            kind: 'support-email',
            templates: { appeal: { body: 'Please review {{phone_e164}}' } },
          },
          { kind: 'web-form' },
        ],
      },
    });
  });

  it('shows the refused placeholder in an alert and beside its field', async () => {
    const user = userEvent.setup();
    const message =
      'The appeal template’s text of channel 2 uses the unknown placeholder {{nmbr}}.';
    onPut = () =>
      json(422, {
        error: {
          code: 'UNKNOWN_PLACEHOLDER',
          message,
          fields: { 'channels.1.templates.appeal.body': message },
        },
      });
    renderPlaybooks(admin);
    await screen.findByText('Version 1');
    await user.click(screen.getByRole('button', { name: 'Save as version 2' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('{{nmbr}}');
    const text = within(emailChannel()).getByRole('textbox', { name: 'Appeal text' });
    expect(text).toHaveAttribute('aria-invalid', 'true');
    expect(text).toHaveAccessibleDescription(message);
    expect(screen.getByText('Version 1')).toBeInTheDocument();
  });
});
