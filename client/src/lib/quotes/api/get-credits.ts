import { useQuery } from '@tanstack/react-query';
import { creditsSchema, type Credits } from '../../../../../shared/contracts/marketplace';
import { getData, type ReadOptions } from '../../api/get-data';
import { quoteKeys } from '../quote-keys';

/** GET /api/credits: the business's balance and its ledger. */
export function getCredits(options?: ReadOptions): Promise<Credits> {
  return getData(creditsSchema, '/api/credits', options);
}

/** The balance and ledger; read again after any quote changes (quoting spends credits, refunds return them). */
export function useCredits(options: { enabled: boolean }) {
  return useQuery({ queryKey: quoteKeys.credits(), queryFn: ({ signal }) => getCredits({ signal }), enabled: options.enabled, refetchOnWindowFocus: true });
}
