import { createContext, useContext, type ReactNode } from 'react';

/**
 * Inside the app shell the top bar's title is the page's h1, so a content page opened there (the
 * private footer's Contact, Policies, FAQ, ...) titles itself one level lower.
 */
export const InsideAppShell = createContext(false);

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
  const Heading = useContext(InsideAppShell) ? 'h2' : 'h1';
  return (
    <article className="content-page" style={{ maxWidth: 820, lineHeight: 1.6 }}>
      {/* Links inside running text are underlined, not told apart by colour alone. */}
      <style>{'.content-page p a, .content-page blockquote a { text-decoration: underline; }'}</style>
      <Heading style={{ fontSize: 32, margin: '0 0 12px' }}>{title}</Heading>
      {lead ? <p style={{ fontSize: 18, color: 'rgba(0,0,0,0.65)' }}>{lead}</p> : null}
      {children}
    </article>
  );
}
