import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryRouter } from 'react-router';
import type { DataRouter } from 'react-router';
import { defaultClientConfig } from '@unban/contract/client-config';
import { createAppRouter, routes } from './router';
import { trackRouteLoading } from './route-loading';
import { App } from './app';

// The shell's live-chat loader reads the page configuration; give it the one a page has.
beforeAll(() => {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'client-config';
  block.textContent = JSON.stringify(defaultClientConfig);
  document.head.append(block);
});

let cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups) cleanup();
  cleanups = [];
  window.location.hash = '';
});

function renderApp(router: DataRouter) {
  cleanups.push(trackRouteLoading(router), () => router.dispose());
  return render(<App router={router} />);
}

describe('app router', () => {
  it('blocks the first navigation: the shell and loading bar show, no routed content yet', async () => {
    renderApp(createMemoryRouter(routes, { initialEntries: ['/terms'] }));

    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Unban Desk' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Terms of service' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows Not found for an unknown hash path, with a link home that works', async () => {
    window.location.hash = '#/no-such-page';
    renderApp(createAppRouter());

    const heading = await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    const main = screen.getByRole('main');
    expect(main).toContainElement(heading);
    const home = within(main).getByRole('link', { name: 'Go to the home page' });
    expect(home).toHaveAttribute('href', '#/');

    await userEvent.click(home);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unban your WhatsApp' }),
    ).toBeInTheDocument();
    // The title follows in an effect after the screen's first render.
    await waitFor(() => expect(document.title).toBe('Unban your WhatsApp'));
    expect(window.location.hash).toBe('#/');
  });

  it.each([
    ['/', 'Unban your WhatsApp'],
    ['/privacy', 'Privacy policy'],
    ['/refunds', 'Refund policy'],
    ['/payment-status', "We couldn't find this payment"],
  ])('routes %s to its screen', async (path, heading) => {
    renderApp(createMemoryRouter(routes, { initialEntries: [path] }));
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });
});
