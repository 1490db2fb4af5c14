/** @jest-environment jsdom */
import '@beatmatch/frontend-common/testing/jsdomPolyfills';
import { LEGAL_CONSTANTS, LICENCE_TERMS } from '@beatmatch/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { SIGNED_IN_USER, fakeApi, renderShell } from '../testing/renderShell';
import { CONTACT_FAILURE, CONTACT_SUCCESS, Contact } from './Help';
import { POLICY_LINKS } from './Policies';
import { FOOTER_LINKS } from './SiteFooter';

jest.setTimeout(60_000);

beforeAll(() => {
  // jsdom has no fetch: the pages' optional calls (app-config, whitepaper, pioneers) answer 404.
  globalThis.fetch = jest.fn(async () => new Response('not found', { status: 404 })) as typeof fetch;
});

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('content pages', () => {
  it('lists the 8 policies and each opens a page, not "coming soon"', async () => {
    renderShell('/policies');
    expect(await screen.findByRole('heading', { name: 'Policies' })).toBeTruthy();
    const main = screen.getByRole('article');
    const links = within(main).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(POLICY_LINKS.map((l) => l.to));
    expect(links).toHaveLength(8);
  });

  it.each([
    ['/policies/terms', /Terms of Service/],
    ['/policies/privacy', /Privacy Policy/],
    ['/policies/nonexclusive', /Non Exclusive Contract/],
    ['/help/faq', /FAQ/],
    ['/help/new', /What's New/],
    ['/beat', /\$BEAT/],
    ['/ambassadors', /Ambassadors/],
    ['/producers', /For Producers/],
    ['/kickstarter', /Kickstarter/],
  ])('%s renders its page', async (path, heading) => {
    renderShell(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.queryByText(/coming soon/i)).toBeNull();
  });

  it('terms carry the legal constants', async () => {
    renderShell('/policies/terms');
    const page = await screen.findByRole('article');
    const text = page.textContent ?? '';
    expect(text).toContain(`at least ${LEGAL_CONSTANTS.minimumAge} years old`);
    expect(text).toContain(`${LEGAL_CONSTANTS.dataRetentionMonths} months`);
    expect(text).toContain(`within ${LEGAL_CONSTANTS.abuseResponseDays} days`);
    expect(text).toContain('Ohio');
    expect(text).toContain('January 21, 2023');
    expect(text).toContain('one dollar');
  });

  it('the contract page states the licence terms from the shared source', async () => {
    renderShell('/policies/nonExclusive');
    const text = (await screen.findByRole('article')).textContent ?? '';
    expect(text).toContain(`${LICENCE_TERMS.termYears} years`);
    expect(text).toContain('up to 5 minutes');
    expect(text).toContain('2 radio stations');
    expect(text).toContain('50/50');
    expect(text).toContain('100% of the minimum statutory rate');
    expect(text).toContain('200% of the fee');
    expect(text).toContain('5 business days');
    expect(text).toContain('30 days');
    expect(text).toContain('New York');
  });

  it('the FAQ has 9 questions with the spec links', async () => {
    renderShell('/help/faq');
    await screen.findByRole('heading', { name: 'FAQ' });
    const buttons = screen.getAllByRole('button', { expanded: false });
    expect(buttons.length).toBeGreaterThanOrEqual(9);
    fireEvent.click(screen.getByText('How do producers get paid?'));
    expect((await screen.findByRole('link', { name: 'payouts page' })).getAttribute('href')).toBe(
      '/user/payouts',
    );
  });

  it('the public footer holds the help and legal links', async () => {
    renderShell('/about');
    const footer = await screen.findByRole('navigation', { name: 'Footer' });
    expect(
      within(footer)
        .getAllByRole('link')
        .map((l) => l.getAttribute('href')),
    ).toEqual(FOOTER_LINKS.map((l) => l.to));
  });

  it('the token page shows the 70/20/10 allocation', async () => {
    renderShell('/beat');
    expect(
      await screen.findByRole('img', { name: /70% liquidity pool, 20% marketing, 10% team/ }),
    ).toBeTruthy();
  });
});

describe('contact form', () => {
  const renderContact = (call: jest.Mock) =>
    render(
      <ConfigProvider theme={{ token: { motion: false } }}>
        <MemoryRouter>
          <Contact api={{ call }} />
        </MemoryRouter>
      </ConfigProvider>,
    );
  const fill = () => {
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ann' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ann@example.com' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Hello' } });
  };

  it('requires every field and sends nothing when empty', async () => {
    const call = jest.fn();
    renderContact(call);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please enter your name.')).toBeTruthy();
    expect(call).not.toHaveBeenCalled();
  });

  it('clears the form on success with the success toast', async () => {
    const call = jest.fn(async () => ({ response: 'success' }));
    renderContact(call);
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(CONTACT_SUCCESS)).toBeTruthy();
    expect(call).toHaveBeenCalledWith('beatmatch_contact', {
      name: 'Ann',
      email: 'ann@example.com',
      message: 'Hello',
    });
    await waitFor(() => expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe(''));
  });

  it('keeps the form on failure with the failure toast', async () => {
    const call = jest.fn(async () => {
      throw new Error('down');
    });
    renderContact(call);
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(CONTACT_FAILURE)).toBeTruthy();
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('Hello');
  });
});

describe('private footer links', () => {
  it.each([
    ['/user/faq', 'FAQ'],
    ['/user/contact', 'Contact Us'],
    ['/user/policies', 'Policies'],
    ['/user/whatsNew', "What's New"],
    ['/user/pioneers', 'Pioneers'],
  ])('%s opens the page inside the app shell', async (path, heading) => {
    localStorage.setItem('signedIn', 'true');
    renderShell(path, { api: fakeApi({ auth: jest.fn(async () => SIGNED_IN_USER) }) });
    const article = await screen.findByRole('article');
    // The top bar's title is the one h1; the page's own title sits below it.
    expect(within(article).getByRole('heading', { level: 2, name: heading })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.queryByTestId('not-found')).toBeNull();
  });
});

describe('showcase reads', () => {
  /** The gateway as these pages call it: a CSRF token, then the two public showcase routes. */
  function showcaseApi(replies: Record<string, unknown>) {
    // jsdom has no Response: an object with what the SDK reads (ok, status, text).
    const reply = (status: number, body: unknown) => ({
      ok: status < 400,
      status,
      text: async () => JSON.stringify(body),
    });
    return jest.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url === '/api/csrf') return reply(200, { csrfToken: 't' });
      const route = url.replace('/api/', '');
      return route in replies ? reply(200, replies[route]) : reply(404, { message: 'not found' });
    }) as unknown as typeof fetch;
  }
  afterEach(() => {
    globalThis.fetch = jest.fn(async () => new Response('not found', { status: 404 })) as typeof fetch;
  });

  it('Pioneers lists the producers from beatmatch_pioneers, lifetime members in gold', async () => {
    globalThis.fetch = showcaseApi({
      beatmatch_pioneers: {
        pioneers: [
          { usernameDisplay: 'bob', lifetime_member: 0, uploads: 2 },
          { usernameDisplay: 'ann', lifetime_member: 1, uploads: 1 },
        ],
        uploads: 1234,
        milestone: 10000,
      },
    });
    renderShell('/pioneers');
    expect(await screen.findByText('1,234 of 10,000 uploads so far.')).toBeTruthy();
    const gold = screen.getByText(/ann/);
    expect(gold.getAttribute('style')).toContain('font-weight: 600');
    expect(screen.getByText('bob').getAttribute('style')).toBeNull();
  });

  it('the For Artists page plays the example beat and shows its DNA', async () => {
    globalThis.fetch = showcaseApi({
      beatmatch_example_get_tags: {
        name: 'Night Drive',
        producerName: 'Demo Producer',
        data: {
          genreTags: ['rapHipHop', 'electronicDance'],
          moodTags: ['dark'],
          instrumentTags: ['808', 'piano'],
          transformerCaption: 'a dark trap beat',
          bpmRangeAdjusted: 140,
          energyLevel: 0.8,
          keyPrediction: { value: 'A minor' },
        },
      },
    });
    renderShell('/artists');
    expect(await screen.findByRole('heading', { name: 'Hear a beat and its DNA' })).toBeTruthy();
    expect(screen.getByLabelText('Play Night Drive').getAttribute('src')).toBe(
      '/api/beatmatch_example_drake',
    );
    expect(screen.getByText('808, piano')).toBeTruthy();
    expect(screen.getByText('Rap Hip Hop, Electronic Dance')).toBeTruthy();
    expect(screen.getByText('140 BPM')).toBeTruthy();
    expect(screen.getByText('A minor')).toBeTruthy();
  });

  it('shows no example while none is published', async () => {
    renderShell('/artists');
    expect(await screen.findByRole('heading', { name: 'For Artists' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { name: 'Hear a beat and its DNA' })).toBeNull();
  });
});
