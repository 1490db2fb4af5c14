/** The launch the not-live player announces (spec §2 Swipe player: "launching on 08/07/2023"). */
export const MATCHMAKER_LAUNCH = { text: '08/07/2023', at: new Date('2023-08-07T00:00:00Z') };

/** The player is live from the launch on. */
export const isMatchmakerLive = (now: Date = new Date()) => now.getTime() >= MATCHMAKER_LAUNCH.at.getTime();
