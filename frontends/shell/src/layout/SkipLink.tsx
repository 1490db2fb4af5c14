/** Where the skip link lands: the page's main content. */
export const MAIN_ID = 'main-content';

/** The first Tab stop: jumps past the header and menu (visible only while focused; index.html). */
export function SkipLink() {
  return (
    <a className="skip-link" href={`#${MAIN_ID}`}>
      Skip to content
    </a>
  );
}
