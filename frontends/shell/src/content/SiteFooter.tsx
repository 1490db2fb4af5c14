import { Link } from 'react-router-dom';

export const FOOTER_LINKS = [
  { to: '/help/faq', label: 'FAQ' },
  { to: '/help/contact', label: 'Contact Us' },
  { to: '/help/new', label: "What's New" },
  { to: '/policies', label: 'Policies' },
  { to: '/policies/terms', label: 'Terms' },
  { to: '/policies/privacy', label: 'Privacy' },
  { to: '/policies/nonExclusive', label: 'Non Exclusive Contract' },
  { to: '/pioneers', label: 'Pioneers' },
  { to: '/kickstarter', label: 'Kickstarter' },
];

/** The public pages' footer: help and legal links. */
export function SiteFooter() {
  return (
    <footer
      className="site-footer"
      style={{ borderTop: '1px solid #eee', padding: '24px', textAlign: 'center' }}
    >
      <nav
        aria-label="Footer"
        style={{ display: 'flex', flexWrap: 'wrap', gap: 16, justifyContent: 'center' }}
      >
        {FOOTER_LINKS.map((link) => (
          <Link key={link.to} to={link.to} style={{ color: '#1f1f1f' }}>
            {link.label}
          </Link>
        ))}
      </nav>
    </footer>
  );
}
