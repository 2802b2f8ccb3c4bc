import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { HomeScreen } from './home-screen';

function renderHome() {
  const router = createMemoryRouter([{ path: '/', Component: HomeScreen }]);
  return render(<RouterProvider router={router} />);
}

describe('HomeScreen', () => {
  it('publishes one all-in price per plan, the price the server charges', () => {
    renderHome();
    const prices = screen.getByRole('region', { name: 'One fixed price' });

    expect(within(prices).getByRole('heading', { name: 'Standard $49.00' })).toBeVisible();
    expect(within(prices).getByRole('heading', { name: 'Priority $89.00' })).toBeVisible();
  });

  it('states the four claims and the no-codes pledge', () => {
    renderHome();

    expect(screen.getByRole('heading', { level: 1, name: 'Unban your WhatsApp' })).toBeVisible();
    expect(
      within(screen.getByRole('list', { name: 'Our promise' })).getAllByRole('listitem'),
    ).toHaveLength(4);
    expect(screen.getByRole('heading', { name: 'We never ask for your codes' })).toBeVisible();
  });

  it('links to the results computed from the case records', () => {
    renderHome();

    expect(screen.getByRole('link', { name: 'See our results' })).toHaveAttribute(
      'href',
      '/results',
    );
  });
});
