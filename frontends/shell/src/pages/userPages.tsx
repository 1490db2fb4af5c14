// The shell's own logged-in pages (routes under /user). The help and legal pages are here too, so
// the side menu's footer links keep a signed-in user inside the app (the spec names /user/faq).
import { pagesOf, type PageInfo } from '@beatmatch/frontend-common';

const shellPage = pagesOf('shell');

export const shellUserPages: PageInfo[] = [
  shellPage('lifetimeMembership', 'The Deal of A Lifetime', 'Lifetime membership'),
  shellPage('faq', 'FAQ', 'Frequently asked questions'),
  shellPage('contact', 'Contact Us', 'Send us a message'),
  shellPage('policies', 'Policies', 'Our legal documents'),
  shellPage('pioneers', 'Pioneers', 'The producers who helped reach 10,000 beat uploads'),
  shellPage('whatsNew', "What's New", 'Release notes'),
];
