// The shell's own logged-in pages (routes under /user). The help and legal pages are here too, so
// the side menu's footer links keep a signed-in user inside the app (the spec names /user/faq).
import type { PageInfo } from '@beatmatch/frontend-common';

export const shellUserPages: PageInfo[] = [
  {
    path: 'lifetimeMembership',
    title: 'The Deal of A Lifetime',
    description: 'Lifetime membership',
    owner: 'shell',
  },
  {
    path: 'account',
    title: 'Account Settings',
    description: 'Your profile, bio and social media',
    owner: 'shell',
  },
  { path: 'faq', title: 'FAQ', description: 'Frequently asked questions', owner: 'shell' },
  { path: 'contact', title: 'Contact Us', description: 'Send us a message', owner: 'shell' },
  { path: 'policies', title: 'Policies', description: 'Our legal documents', owner: 'shell' },
  {
    path: 'pioneers',
    title: 'Pioneers',
    description: 'The producers who helped reach 10,000 beat uploads',
    owner: 'shell',
  },
  { path: 'whatsNew', title: "What's New", description: 'Release notes', owner: 'shell' },
  { path: 'admin', title: 'Admin', description: 'Maintenance', owner: 'shell' },
  { path: 'beatBattle', title: 'Beat Battle', description: 'Compete with your beats', owner: 'shell' },
  {
    path: 'battleground',
    title: 'Battleground',
    description: 'Vote on the beats in the battle',
    owner: 'shell',
  },
  {
    path: 'submission',
    title: 'Battle Submission',
    description: 'Submit a beat to the battle',
    owner: 'shell',
  },
  { path: 'leaderboard', title: 'Leaderboard', description: 'The beat battle rankings', owner: 'shell' },
  { path: 'rules', title: 'Battle Rules', description: 'How the beat battle works', owner: 'shell' },
];
