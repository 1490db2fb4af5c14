import type { Request } from 'express';

/** The signed-in caller (handleCall has answered 401 before a 'user' call's handler runs). */
export const callerId = (req: Request): string => req.caller!.userId!;
