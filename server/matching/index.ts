/**
 * The matching module: who a confirmed request goes to (README: Marketplace, Requests and
 * matching), from a profile of each business per category kept in step with its forms.
 */
export { matchRequest, reconcileProfiles, type MatchRequest, type MatchingDeps } from './matching.service';
export { subscribeMatching } from './matching.subscriptions';
