import { expect, test, type Page } from '@playwright/test';
import { SIGNED_IN_STATE } from './accounts';

/**
 * What each screenshot was taken to show, asserted: the page fits its window's width (nothing
 * scrolls sideways or is cut at the right edge, at any of the three widths). The screenshot still
 * lands in test-results/screenshots for a person to look at.
 */
const shot = async (page: Page, name: string) => {
  // Let drawers and popups finish their animation first.
  await page.waitForTimeout(500);
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wider = [...document.querySelectorAll('body *')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.right > width + 1 && getComputedStyle(element).position !== 'fixed';
      })
      .slice(0, 3)
      .map((element) => `${element.tagName.toLowerCase()}.${String(element.className).split(' ')[0]}`);
    return { scrollsSideways: document.documentElement.scrollWidth > width, wider };
  });
  expect({ name, ...overflow }).toEqual({ name, scrollsSideways: false, wider: [] });
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: false });
};

// Desktop, a narrow window, and a phone (390×844).
for (const width of [1280, 600, 390]) {
  test.describe(`at ${width}px wide`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 800 } });

    test('public pages: landing with header, login, text search, not found', async ({ page }) => {
      // A visitor's pages log no errors (no refused _auth call).
      const consoleErrors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });
      await page.goto('/');
      await expect(page.getByRole('heading', { name: /your next hit finds you/ })).toBeVisible();
      // The first Tab stop is the skip link; it jumps past the header.
      await page.keyboard.press('Tab');
      const skipLink = page.getByRole('link', { name: 'Skip to content' });
      await expect(skipLink).toBeFocused();
      await expect(skipLink).toBeInViewport();
      await shot(page, `skip-link-${width}`);
      await page.keyboard.press('Enter');
      await expect(page.locator('#main-content')).toBeFocused();
      const header = page.getByRole('banner');
      if (width >= 900) {
        for (const label of [
          'For Producers',
          'For Artists',
          '$BEAT',
          'Ambassadors',
          'About',
          'Login',
          'Sign up',
        ]) {
          await expect(header.getByRole('link', { name: label, exact: true })).toBeVisible();
        }
      } else {
        await expect(header.getByRole('link', { name: 'For Producers' })).toBeHidden();
        await shot(page, `landing-${width}`);
        await header.getByRole('button', { name: 'Open menu' }).click();
        await expect(page.getByRole('dialog').getByRole('link', { name: 'For Artists' })).toBeVisible();
        await shot(page, `landing-drawer-${width}`);
        await page.getByRole('dialog').getByRole('link', { name: 'About' }).click();
        await expect(page).toHaveURL(/\/about$/);
        await page.goto('/');
      }
      await expect(header.getByRole('link', { name: /Cart, 0 items/ })).toBeVisible();
      await shot(page, `landing-${width}`);

      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
      // The e-mail field has the cursor.
      await expect(page.getByLabel('Email', { exact: true })).toBeFocused();
      await shot(page, `login-${width}`);
      // Once per run: the gateway allows five reset calls a minute (the sign-up journey needs three).
      if (width >= 900) {
        await page.getByRole('button', { name: 'Forgot password?' }).click();
        await page.getByRole('dialog').getByLabel('Email', { exact: true }).fill('nobody@example.test');
        await page.getByRole('button', { name: 'Send reset link' }).click();
        await expect(
          page.getByText('An email has been sent if there is an email associated with an account.'),
        ).toBeVisible();
      }

      // A public page of a remote (the artist's text search): built, no longer coming soon.
      await page.goto('/textSearch');
      await expect(page.getByRole('heading', { name: 'Text Search' })).toBeVisible();
      await expect(page.getByText("What's on your mind?")).toBeVisible();
      await expect(page.getByTestId('coming-soon')).toHaveCount(0);

      await page.goto('/no/such/page');
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      await expect(page.getByTestId('coming-soon')).toBeHidden();
      await shot(page, `not-found-${width}`);
      expect(consoleErrors).toEqual([]);
    });

    test.describe('signed in', () => {
      test.use({ storageState: SIGNED_IN_STATE });
      test('logged-in layout: side menu, top bar, remote pages', async ({ page }) => {
        await page.goto('/?beat=abc123');
        await expect(page).toHaveURL(/\/user\/matchmaker\?beat=abc123$/);
        await expect(page.getByTestId('page-title')).toHaveText('The Matchmaker');

        if (width >= 901) {
          await expect(page.locator('[data-layout="nav-open"]')).toBeVisible();
          await expect(page.getByTestId('matchmaker-page')).toBeVisible();
          await shot(page, `user-matchmaker-${width}`);
          // The page name is in the top bar only, not repeated as a heading in the page.
          await expect(page.getByRole('heading', { name: 'The Matchmaker' })).toHaveCount(1);
          await page.getByRole('button', { name: 'Close menu' }).click();
          await expect(page.locator('[data-layout="nav-icon"]')).toBeVisible();
          // The footer links stay in icon mode, and inside the app.
          await expect(page.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/user/faq');
          await expect(page.getByRole('link', { name: 'Policies' })).toHaveAttribute(
            'href',
            '/user/policies',
          );
          await shot(page, `user-nav-icon-${width}`);
          await page.getByRole('button', { name: 'Open menu' }).click();
        } else {
          await expect(page.locator('[data-layout="nav-closed"]')).toBeVisible();
          await expect(page.getByRole('navigation', { name: 'Side menu' })).toBeHidden();
          await expect(page.getByTestId('matchmaker-page')).toBeVisible();
          await shot(page, `user-matchmaker-${width}`);
          await page.getByRole('button', { name: 'Open menu' }).click();
          await expect(page.getByRole('navigation', { name: 'Side menu' })).toBeVisible();
          await shot(page, `user-menu-${width}`);
        }
        const sideMenu = page.getByRole('navigation', { name: 'Side menu' });
        await sideMenu.getByText('Match List').click();
        await expect(page).toHaveURL(/\/user\/matchlist$/);
        await expect(page.getByTestId('page-title')).toHaveText('Match List');
        await expect(page.getByText("Listen to the full beats you've matched with").first()).toBeVisible();

        // The artist remote's cart page reads the cart store of the shell's SDK instance (a shared
        // module): it lists as many items as the top bar's badge counts, and an empty cart says so in
        // the spec's words. (The signed-in user is shared with the cart journeys, so the cart may hold
        // what they left in it.)
        await page.goto('/user/checkout');
        const cartPage = page.getByTestId('cart-page');
        await expect(cartPage).toBeVisible();
        // The badge may be out of sight on a phone: read its label, not its role.
        const badge = page.locator('[aria-label^="Cart, "]').first();
        await expect
          .poll(async () => {
            const count = Number(/\d+/.exec((await badge.getAttribute('aria-label')) ?? '')?.[0] ?? -1);
            const items = await cartPage.getByTestId('cart-item').count();
            const empty = await cartPage.getByText('Your Cart Empty').count();
            return count === 0 ? empty === 1 && items === 0 : count > 0 && items === count;
          })
          .toBe(true);

        // A producer-owned page comes from the producer remote.
        await page.goto('/user');
        await expect(page.getByTestId('page-title')).toHaveText('Dashboard');
        await expect(page.getByText('View stats for your uploaded beats').first()).toBeVisible();
        await expect(page.getByText('Current Month Stats')).toBeVisible();

        await page.getByRole('button', { name: 'Notifications' }).click();
        await expect(page.getByText('Notifications are coming soon.')).toBeVisible();
        await shot(page, `user-dashboard-notifications-${width}`);
      });
    });
  });
}

test.describe('a broken remote', () => {
  test.use({ storageState: SIGNED_IN_STATE });
  test('a remote that cannot load shows an error panel, not a blank page', async ({ page }) => {
    await page.route('**/remotes/artist/**', (route) => route.abort());
    await page.goto('/user/matchlist');
    await expect(page.getByText('The artist pages could not be loaded')).toBeVisible();
    await expect(page.getByTestId('page-title')).toHaveText('Match List');
    await shot(page, 'remote-error');
    // The rest of the shell keeps working: the producer remote still loads.
    await page.getByRole('navigation', { name: 'Side menu' }).getByText('Upload Beats').click();
    await expect(page.getByTestId('page-title')).toHaveText('Upload Beats');
    await expect(page.getByLabel('Beat name')).toBeVisible();
  });
});

test.describe('a failing gateway', () => {
  test.use({ storageState: SIGNED_IN_STATE });
  test('a 502 from _auth shows the reload message and is not a logout', async ({ page }) => {
    await page.route('**/api/beatmatch_auth', (route) =>
      route.fulfill({
        status: 502,
        contentType: 'application/problem+json',
        body: JSON.stringify({
          message: 'Error - please reload the page and try again.',
          code: 'bad_gateway',
        }),
      }),
    );
    await page.goto('/user/matchlist');
    await expect(page.getByTestId('session-unavailable')).toContainText(
      'Error - please reload the page and try again.',
    );
    await expect(page).toHaveURL(/\/user\/matchlist$/);
    await shot(page, 'auth-502');
    await page.goto('/');
    await expect(page.getByTestId('session-unavailable')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeHidden();
  });
});
