import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { SIGNED_IN_STATE } from './accounts';

// The content pages: every link of the landing page, the site footer and the policies index leads to
// a page that exists (no "coming soon", no "page not found"), and the pages pass axe with no serious
// or critical violations.

// Content modules are lazy chunks: wait until the scope shows its first link before reading them all.
const internalLinks = async (page: Page, scope: string, expectSome = true) => {
  const links = page.locator(`${scope} a[href^="/"]`);
  if (expectSome) await links.first().waitFor();
  else await page.getByRole('heading', { level: 1 }).first().waitFor();
  return links.evaluateAll((anchors) =>
    anchors.map((a) => a.getAttribute('href') ?? '').filter((href) => !href.startsWith('/api/')),
  );
};

async function expectRealPage(page: Page, href: string) {
  await page.goto(href);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByTestId('coming-soon')).toHaveCount(0);
  await expect(page.getByTestId('not-found')).toHaveCount(0);
  await expect(page.getByText(/coming soon/i)).toHaveCount(0);
}

test('every link of the landing page, the footer and the policies index leads to a real page', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /your next hit finds you/ })).toBeVisible();
  const fromLanding = await internalLinks(page, 'main');
  const fromFooter = await internalLinks(page, 'footer.site-footer');
  const fromHeader = await internalLinks(page, 'header nav');
  await page.goto('/policies');
  const fromPolicies = await internalLinks(page, 'main article');
  expect(fromPolicies).toHaveLength(8);
  expect(fromFooter.length).toBeGreaterThanOrEqual(8);
  expect(fromLanding).toEqual(expect.arrayContaining(['/producers', '/artists']));

  const targets = [...new Set([...fromLanding, ...fromFooter, ...fromHeader, ...fromPolicies])];
  for (const href of targets) {
    // Sign-up and login are the auth screens (not content pages): they only need to exist.
    if (href === '/signup' || href === '/signUp' || href === '/login') continue;
    await test.step(href, () => expectRealPage(page, href));
  }
  // The content pages link to each other and to sign-up: those links lead somewhere real too.
  for (const href of ['/producers', '/artists', '/help/faq']) {
    await page.goto(href);
    for (const inner of await internalLinks(page, 'main article', false)) {
      if (inner.startsWith('/user/') || inner === '/signup') continue;
      await test.step(`${href} → ${inner}`, () => expectRealPage(page, inner));
    }
  }
});

test('the contact form answers with the spec toast and clears itself', async ({ page }) => {
  await page.goto('/help/contact');
  await page.getByLabel('Name').fill('Journey Visitor');
  await page.getByLabel('Email', { exact: true }).fill(`journey-${Date.now()}@example.com`);
  await page.getByLabel('Message').fill('Hello from the content journey.');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(
    page.getByText('Message sent! Please allow up to 48 hours for receive a response.'),
  ).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('');
});

// Every public content route of the shell (frontends/shell/src/content/routes.tsx), both spellings of
// the contract and the audience aliases included, and the private footer's pages inside the app shell.
const AXE_PAGES = [
  '/',
  '/producers',
  '/sellBeats',
  '/artists',
  '/findBeats',
  '/ambassadors',
  '/about',
  '/beat',
  '/kickstarter',
  '/pioneers',
  '/policies',
  '/policies/acceptable',
  '/policies/cookies',
  '/policies/disclaimer',
  '/policies/dmca',
  '/policies/privacy',
  '/policies/refund',
  '/policies/terms',
  '/policies/nonExclusive',
  '/policies/nonexclusive',
  '/help/faq',
  '/help/new',
  '/help/contact',
];
const AXE_USER_PAGES = ['/user/contact', '/user/policies', '/user/faq', '/user/pioneers', '/user/whatsNew'];

async function seriousViolations(page: Page, hrefs: string[]) {
  const found: string[] = [];
  for (const href of hrefs) {
    await page.goto(href);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    // In-shell pages title themselves with an h2 under the top bar's h1: wait for the page's own heading.
    if (href.startsWith('/user/'))
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    for (const violation of results.violations)
      if (violation.impact === 'serious' || violation.impact === 'critical')
        found.push(
          `${href}: ${violation.id} (${violation.impact}) ${violation.nodes.map((n) => n.target.join(' ')).join(', ')}`,
        );
  }
  return found;
}

test('content pages have no serious accessibility violations (axe)', async ({ page }) => {
  expect(await seriousViolations(page, AXE_PAGES)).toEqual([]);
});

test.describe('inside the app shell', () => {
  test.use({ storageState: SIGNED_IN_STATE });
  test('the private footer pages have no serious accessibility violations (axe)', async ({ page }) => {
    expect(await seriousViolations(page, AXE_USER_PAGES)).toEqual([]);
  });
});

test('the ambassadors strip loops every 30 s and stands still for reduced motion', async ({ browser }) => {
  const moving = await browser.newPage();
  await moving.goto(new URL('/ambassadors', test.info().project.use.baseURL).toString());
  const strip = moving.getByTestId('ambassador-strip');
  await expect(strip).toBeVisible();
  expect(await strip.evaluate((el) => getComputedStyle(el).animationDuration)).toBe('30s');
  await expect(moving.getByText('Media ambassador')).toHaveCount(2);
  await moving.close();
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const still = await context.newPage();
  await still.goto(new URL('/ambassadors', test.info().project.use.baseURL).toString());
  expect(
    await still.getByTestId('ambassador-strip').evaluate((el) => getComputedStyle(el).animationName),
  ).toBe('none');
  await context.close();
});
