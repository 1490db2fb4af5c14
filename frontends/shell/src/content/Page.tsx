import type { ReactNode } from 'react';

/** A content page: heading, optional lead, body. Plain elements, so pages stay small. */
export function ContentPage({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <article className="content-page" style={{ maxWidth: 820, lineHeight: 1.6 }}>
      {/* Links inside running text are underlined, not told apart by colour alone. */}
      <style>{'.content-page p a, .content-page blockquote a { text-decoration: underline; }'}</style>
      <h1 style={{ fontSize: 32, margin: '0 0 12px' }}>{title}</h1>
      {lead ? <p style={{ fontSize: 18, color: 'rgba(0,0,0,0.65)' }}>{lead}</p> : null}
      {children}
    </article>
  );
}
