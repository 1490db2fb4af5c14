import type { ReactNode } from 'react';

/** The frame of the auth screens (plain elements: these are first pages, they should paint fast). */
export function AuthCard({
  title,
  children,
  width = 440,
}: {
  title: ReactNode;
  children: ReactNode;
  width?: number;
}) {
  return (
    <section className="auth-card" style={{ maxWidth: width }}>
      <h1 style={{ margin: '0 0 20px', fontSize: 30, lineHeight: 1.3 }}>{title}</h1>
      {children}
    </section>
  );
}
