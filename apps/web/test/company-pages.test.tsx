import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../src/router';
import { mockApi, renderWithProviders, sessionRoute } from './helpers';

/** The lazy screens take a moment to load in jsdom. */
// A bound, not a pause: screens are lazy modules drawn in transitions, slow on a busy 2-core machine.
const LAZY = { timeout: 15_000 };

function renderApp(route: string) {
  mockApi(sessionRoute(null));
  return renderWithProviders(<AppRoutes />, { route });
}

describe('footer', () => {
  it('leads to real pages for About Us, Help Center, Blog and Careers; mail only for Contact Us', async () => {
    renderApp('/privacy-policy');
    const footer = within(await screen.findByRole('contentinfo', {}, LAZY));
    expect(footer.getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/about');
    expect(footer.getByRole('link', { name: 'Help Center' })).toHaveAttribute('href', '/help');
    expect(footer.getByRole('link', { name: 'Blog' })).toHaveAttribute('href', '/blog');
    expect(footer.getByRole('link', { name: 'Careers' })).toHaveAttribute('href', '/careers');
    const mail = footer
      .getAllByRole('link')
      .filter((link) => link.getAttribute('href')?.startsWith('mailto:'))
      .map((link) => link.getAttribute('href'));
    expect(new Set(mail)).toEqual(new Set(['mailto:support@kept.app']));
  });
});

describe('Help Center', () => {
  it('explains how money moves, refunds, fees, donations and support times', async () => {
    renderApp('/help');
    const main = await screen.findByRole('main', {}, LAZY);
    await screen.findByRole('heading', { level: 1, name: 'Help Center' }, LAZY);
    for (const section of ['How money moves', 'Refunds', 'Fees', 'Donations', 'Contact and support times']) {
      expect(screen.getByRole('region', { name: section })).toBeInTheDocument();
    }
    const text = main.textContent ?? '';
    expect(text).toContain(
      'Refund = (deposit + 80% of donations) × (1 − missed check-ins ÷ total check-ins)',
    );
    expect(text).toContain('a refund of $112.00');
    expect(text).toContain('4% + $0.90');
    expect(text).toContain('a $20.00 deposit is charged $21.70');
    expect(text).toContain('2.9% + $0.30');
    expect(text).toMatch(/80%\s*is added to the creator's refundable amount and 20% keeps Kept running/);
    expect(text).toContain('non-refundable to the donor');
    expect(text).toContain('within 5–10 business days');
    expect(text).toContain('We reply within 30 days');
    expect(within(main).getByRole('link', { name: 'support@kept.app' })).toHaveAttribute(
      'href',
      'mailto:support@kept.app',
    );
  });
});

describe('About Us', () => {
  it('says what Kept is, how it makes money and how to reach it', async () => {
    renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: 'About Kept' }, LAZY);
    const text = screen.getByRole('main').textContent ?? '';
    expect(text).toContain('4% + $0.90');
    expect(text).toContain('20% of each donation');
    expect(text).toContain('goes to charity, never to us');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Help Center' })).toHaveAttribute(
      'href',
      '/help',
    );
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'support@kept.app' })).toHaveAttribute(
      'href',
      'mailto:support@kept.app',
    );
  });
});

describe('Blog and Careers', () => {
  it.each([
    ['/blog', 'Blog', 'No posts yet'],
    ['/careers', 'Careers', 'No open positions'],
  ])('%s says plainly that there is nothing yet', async (path, title, state) => {
    renderApp(path);
    await screen.findByRole('heading', { level: 1, name: title }, LAZY);
    expect(screen.getByRole('heading', { name: state })).toBeInTheDocument();
    await expect.poll(() => document.title).toBe(`${title} · Kept`);
  });
});
