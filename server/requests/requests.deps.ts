import type { ConfigSnapshot } from '../config';
import type { CoreDeps } from '../core/deps';
import type { FormValidator } from '../forms';
import type { Gazetteer } from '../places';

/** What the requests use cases need besides the core. */
export interface RequestsDeps extends CoreDeps {
  schemas: () => ConfigSnapshot;
  validator: FormValidator;
  places: Gazetteer;
}
