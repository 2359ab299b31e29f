import { useConfig } from '../config/config-context';

/**
 * The route table's `pathOf`: the path of a parameterless route by its name, so links follow the
 * routes of `schemas/routes.json` instead of repeating their paths. Throws for an unknown name.
 */
export function usePathOf(): (name: string) => string {
  return useConfig().table.pathOf;
}
