/**
 * The matching module: who a confirmed request goes to (docs/marketplace.md, Requests and
 * matching), from a profile of each business per category kept in step with its forms.
 */
export { matchRequest, reconcileProfiles, type MatchRequest, type MatchingDeps } from './matching.service';
// Who serves a category at a place: the public directory and the request form's count.
export { profilesCovering, type CoveringProfile } from './matching.service';
export { subscribeMatching } from './matching.subscriptions';
// The businesses of the same categories nearby, for the analytics' "How you compare".
export { peersNear } from './peers';
