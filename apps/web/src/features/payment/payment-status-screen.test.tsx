import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { paths } from '../../config/paths';
import { PaymentStatusScreen } from './payment-status-screen';

function renderAt(location: string) {
  const router = createMemoryRouter(
    [
      { path: paths.paymentStatus.path, Component: PaymentStatusScreen },
      { path: paths.home.path, Component: () => <h1>Home</h1> },
    ],
    { initialEntries: [location] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const paidLocation = paths.paymentStatus.to({ order: 'order-1', token: 'secret-token' });

afterEach(() => {
  vi.unstubAllGlobals();
});

async function expectNotFoundState() {
  expect(
    await screen.findByRole('heading', { level: 1, name: "We couldn't find this payment" }),
  ).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  expect(screen.getByRole('link', { name: 'support@unbandesk.example' })).toBeInTheDocument();
}

describe('PaymentStatusScreen', () => {
  it('without order and token shows the not-found state with a hint to use the link', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderAt(paths.paymentStatus.to({ order: 'order-1', token: '' }));

    await expectNotFoundState();
    expect(
      screen.getByText(/open the payment link from your confirmation e-mail/),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks the API for the order and shows the not-found state on a 404', async () => {
    const fetchMock = vi.fn(async () =>
      Response.json(
        { error: { code: 'ROUTE_NOT_FOUND', message: 'No such route' } },
        { status: 404 },
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderAt(paidLocation);

    // Announced politely while it checks, then the answer replaces it.
    expect(screen.getByText('Checking your payment…').closest('[aria-live]')).toHaveAttribute(
      'aria-live',
      'polite',
    );
    await expectNotFoundState();
    expect(screen.getByText(/No payment matches this link/)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/payments/status?order=order-1&token=secret-token',
      expect.objectContaining({ method: 'GET' }),
    );
  });

  it('shows that the service is paid', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ reference: 'UB-7K3Q9XQ2', paymentState: 'paid' })),
    );
    renderAt(paidLocation);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'The service is paid' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Order UB-7K3Q9XQ2')).toBeInTheDocument();
  });

  it('offers to try again when the server cannot answer, and then shows the answer', async () => {
    const fetchMock = vi
      .fn<() => Promise<Response>>()
      .mockResolvedValueOnce(new Response('Service unavailable', { status: 503 }))
      .mockResolvedValueOnce(Response.json({ reference: 'UB-1', paymentState: 'processing' }));
    vi.stubGlobal('fetch', fetchMock);
    renderAt(paidLocation);

    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your payment is being processed' }),
    ).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
