import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setLiveChatStatus } from '../../lib/live-chat/live-chat-status';
import { SiteFooter } from './site-footer';

afterEach(() => {
  setLiveChatStatus('not-loaded');
});

describe('SiteFooter', () => {
  it('shows the support e-mail, the disclaimer and the legal links', () => {
    render(<SiteFooter />, { wrapper: MemoryRouter });
    expect(screen.getByRole('link', { name: 'support@unbandesk.example' })).toHaveAttribute(
      'href',
      'mailto:support@unbandesk.example',
    );
    expect(screen.getByText(/Not affiliated with WhatsApp or Meta/)).toBeInTheDocument();
    const legal = screen.getByRole('navigation', { name: 'Legal' });
    expect(legal).toHaveTextContent('Terms of service');
    expect(screen.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    expect(screen.getByRole('link', { name: 'Refund policy' })).toHaveAttribute('href', '/refunds');
  });

  it('points to the e-mail when the live chat failed to load', () => {
    render(<SiteFooter />, { wrapper: MemoryRouter });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    act(() => setLiveChatStatus('failed'));
    expect(screen.getByRole('status')).toHaveTextContent(/Live chat is unavailable/);
  });
});
