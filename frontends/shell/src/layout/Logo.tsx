import { Link } from 'react-router-dom';

export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <Link
      to="/"
      // With its wordmark the link is named by it; the icon alone needs a label.
      aria-label={compact ? 'Beatmatch home' : undefined}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 8, color: 'inherit' }}
    >
      <span
        aria-hidden
        style={{
          width: 32,
          height: 32,
          borderRadius: 8,
          background: 'linear-gradient(135deg, #7c3aed, #ec4899)',
          color: '#fff',
          display: 'grid',
          placeItems: 'center',
          fontWeight: 800,
          lineHeight: 1,
        }}
      >
        B
      </span>
      {compact ? null : <span style={{ fontWeight: 800, fontSize: 20, letterSpacing: 0.2 }}>Beatmatch</span>}
    </Link>
  );
}
