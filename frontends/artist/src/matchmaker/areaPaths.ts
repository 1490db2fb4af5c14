// The matchmaker's pages exist twice: public (/matchmaker, /matchList, /playHistory) and in the
// logged-in area (/user/matchmaker, /user/matchlist, /user/playhistory). Links stay in the area the
// page is shown in (artist-side spec §2 Swipe player).
import { useLocation } from 'react-router-dom';

export interface AreaPaths {
  inUserArea: boolean;
  matchmaker: string;
  matchList: string;
  playHistory: string;
  upgrade: string;
  login: string;
  signUp: string;
}

export function areaPaths(pathname: string): AreaPaths {
  const inUserArea = pathname === '/user' || pathname.startsWith('/user/');
  return {
    inUserArea,
    matchmaker: inUserArea ? '/user/matchmaker' : '/matchmaker',
    matchList: inUserArea ? '/user/matchlist' : '/matchList',
    playHistory: inUserArea ? '/user/playhistory' : '/playHistory',
    upgrade: '/user/marketplace_pro',
    login: '/login',
    signUp: '/signUp',
  };
}

export function useAreaPaths(): AreaPaths {
  return areaPaths(useLocation().pathname);
}

/** A producer's public store (spec §2: the producer name links there). */
export const labPath = (producerId: string) => `/lab/${encodeURIComponent(producerId)}`;
