import { layoutMode, navOpenByDefault } from './layoutMode';

describe('layout modes of the private container', () => {
  it('is nav-open or nav-icon from 901px, by the menu state', () => {
    expect(layoutMode(901, true)).toBe('nav-open');
    expect(layoutMode(1280, false)).toBe('nav-icon');
  });

  it('is nav-closed below 901px whatever the menu state', () => {
    expect(layoutMode(900, true)).toBe('nav-closed');
    expect(layoutMode(600, false)).toBe('nav-closed');
  });

  it('opens the menu by default above 900px only', () => {
    expect(navOpenByDefault(901)).toBe(true);
    expect(navOpenByDefault(900)).toBe(false);
  });
});
