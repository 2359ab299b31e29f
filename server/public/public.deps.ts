import type { ConfigSnapshot } from '../config';
import type { CoreDeps } from '../core/deps';
import type { Gazetteer } from '../places';

/** What the public module needs besides the core: the schema snapshot (categories, forms) and the gazetteer. */
export interface PublicDeps extends CoreDeps {
  schemas: () => ConfigSnapshot;
  places: Gazetteer;
}
