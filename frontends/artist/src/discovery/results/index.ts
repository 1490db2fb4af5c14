export { MatchResults, asMatchListEntry } from './MatchResults';
