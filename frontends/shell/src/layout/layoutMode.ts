import { useEffect, useState } from 'react';

/** Side-menu breakpoint of the specs: the menu is a column from 901px, forced closed below. */
export const NAV_BREAKPOINT = 901;
/** Public header: a drawer menu below 900px. */
export const HEADER_DRAWER_BELOW = 900;

export type LayoutMode = 'nav-open' | 'nav-icon' | 'nav-closed';

export function layoutMode(width: number, navOpen: boolean): LayoutMode {
  if (width < NAV_BREAKPOINT) return 'nav-closed';
  return navOpen ? 'nav-open' : 'nav-icon';
}

/** The menu starts open above 900px and closed below. */
export function navOpenByDefault(width: number): boolean {
  return width > 900;
}

export function useWindowWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
}
