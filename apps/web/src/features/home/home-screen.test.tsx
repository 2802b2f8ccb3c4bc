import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { SupportedLocale } from '@unban/contract/locale-tags';
import { defaultSiteIdentity } from '@unban/contract/site-config';
import type { SiteIdentity } from '@unban/contract/site-config';
import { AppIntlProvider } from '../../lib/i18n/intl-provider';
import { SiteIdentityProvider } from '../../lib/site-identity/site-identity';
import english from '../../locales/en.json';
import { HomeScreen } from './home-screen';

function renderHome(identity: SiteIdentity = defaultSiteIdentity, locale: SupportedLocale = 'en') {
  const router = createMemoryRouter([{ path: '/', Component: HomeScreen }]);
  return render(
    // English words in the given locale: the price follows the locale, not the catalog.
    <AppIntlProvider locale={locale} messages={english}>
      <SiteIdentityProvider identity={identity}>
        <RouterProvider router={router} />
      </SiteIdentityProvider>
    </AppIntlProvider>,
  );
}

describe('HomeScreen', () => {
  it('publishes one all-in price per plan, the price the server charges', () => {
    renderHome();
    const prices = screen.getByRole('region', { name: 'One fixed price' });

    expect(within(prices).getByRole('heading', { name: 'Standard $49.00' })).toBeVisible();
    expect(within(prices).getByRole('heading', { name: 'Priority $89.00' })).toBeVisible();
  });

  it("shows the price in the page's language's currency where the plans have one", () => {
    const { standard, priority } = defaultSiteIdentity.plans;
    renderHome(
      {
        ...defaultSiteIdentity,
        plans: {
          standard: { ...standard, prices: { BRL: 24900 } },
          priority: { ...priority, prices: { BRL: 44900 } },
        },
      },
      'pt-BR',
    );
    const prices = screen.getByRole('region', { name: 'One fixed price' });
    expect(within(prices).getByRole('heading', { name: /^Standard R\$\s249,00$/ })).toBeVisible();
    expect(within(prices).getByRole('heading', { name: /^Priority R\$\s449,00$/ })).toBeVisible();
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
