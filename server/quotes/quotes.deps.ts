import type { ConfigSnapshot } from '../config';
import type { CoreDeps } from '../core/deps';
import type { FormValidator } from '../forms';
import type { Gazetteer } from '../places';

/** What the quotes use cases need besides the core: the schemas (categories, forms), the form validator, the gazetteer (matching). */
export interface QuotesDeps extends CoreDeps {
  schemas: () => ConfigSnapshot;
  validator: FormValidator;
  places: Gazetteer;
}

/** "1 credit", "3 credits": how notes and messages count credits. */
export function creditCount(n: number): string {
  return n === 1 ? '1 credit' : `${String(n)} credits`;
}
