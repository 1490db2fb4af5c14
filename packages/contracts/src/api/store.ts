import { labAnswer, labRequestSchema, publicProfileAnswer } from '../storeApi';
import { declareCall } from './call';

/** The public store page's calls (producer-side spec §2, §7), open to visitors. */
export const storeCalls = {
  beatmatch_lab: declareCall({
    service: 'catalog',
    path: '/store/beats',
    method: 'post',
    summary: "A producer's public beats (never private or inactive ones) with their DNA tags and prices",
    access: 'anonymous',
    request: labRequestSchema,
    answer: labAnswer,
  }),
};

/** The store's header card: identity's public profile of a user. */
export const publicProfileCalls = {
  get_public_profile: declareCall({
    service: 'identity',
    path: '/profile/public',
    method: 'post',
    summary: "A user's public profile: username, bio and social media",
    access: 'anonymous',
    request: labRequestSchema,
    answer: publicProfileAnswer,
  }),
};
