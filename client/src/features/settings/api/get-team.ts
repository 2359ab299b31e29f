import { useQuery } from '@tanstack/react-query';
import { teamSchema, type Team } from '../../../../../shared/contracts/team';
import { getData, type ReadOptions } from '../../../lib/api/get-data';
import { settingsKeys } from './settings-keys';

/** GET /api/team (owners): members and pending invitations. */
export function getTeam(options?: ReadOptions): Promise<Team> {
  return getData(teamSchema, '/api/team', options);
}

/** The owner's team. */
export function useTeam() {
  return useQuery({ queryKey: settingsKeys.team, queryFn: ({ signal }) => getTeam({ signal }) });
}
