// Marketplace Pro's page is the SDK's shared plan page (the producer remote mounts the same one).
export { SubscriptionPage } from '@beatmatch/frontend-common/commerce';
