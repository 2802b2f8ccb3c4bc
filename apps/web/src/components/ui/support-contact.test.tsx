import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLiveChatStatus } from '../../lib/live-chat/live-chat-status';
import { SupportContact } from './support-contact';

afterEach(() => {
  setLiveChatStatus('not-loaded');
});

describe('SupportContact', () => {
  it('points to the chat only while the chat widget is there, and always to the e-mail', () => {
    render(<SupportContact about="and mention UB-7K3Q9XQ2" />);
    const sentence = screen.getByText(/^Questions\?/);
    expect(sentence).toHaveTextContent(
      'Questions? E-mail support@unbandesk.example and mention UB-7K3Q9XQ2.',
    );
    expect(screen.getByRole('link', { name: 'support@unbandesk.example' })).toHaveAttribute(
      'href',
      'mailto:support@unbandesk.example',
    );

    act(() => setLiveChatStatus('loaded'));
    expect(sentence).toHaveTextContent(
      'Questions? Use the chat button or e-mail support@unbandesk.example and mention UB-7K3Q9XQ2.',
    );

    act(() => setLiveChatStatus('failed'));
    expect(sentence).toHaveTextContent(/^Questions\? E-mail/);
  });
});
