import { isAxiosError } from 'axios';
import { problemOf } from '../../lib/forms/server-errors';
import { loadFailure, type PageFailure } from '../../components/page-state';

/** Why a billing action failed, for the vendor: the kind (screens branch on it) and what to say. */
export interface BillingFailure {
  kind: 'declined' | 'no-card' | 'conflict' | 'invalid' | 'forbidden' | 'offline' | 'other';
  message: string;
}

/**
 * A failed billing call in plain words. The server's own detail is kept for refusals; a dropped connection says that trying again is safe (the action's
 * Idempotency-Key makes sure nothing is charged twice).
 */
export function billingFailure(error: unknown): BillingFailure {
  const problem = problemOf(error);
  if (!problem) {
    if (isAxiosError(error) && !error.response) {
      return { kind: 'offline', message: 'We could not reach the server. Check your connection and try again: you will not be charged twice.' };
    }
    return { kind: 'other', message: 'Something went wrong. Please try again: you will not be charged twice.' };
  }
  switch (problem.code) {
    case 'card-declined':
      return { kind: 'declined', message: 'Your card was declined. Nothing was charged. Try another card.' };
    case 'payment-method-required':
      return { kind: 'no-card', message: 'Add a card first, then try again.' };
    case 'conflict':
      return { kind: 'conflict', message: problem.detail ?? 'Your last renewal is unpaid. Update your card first.' };
    default:
      break;
  }
  if (problem.status === 403) return { kind: 'forbidden', message: 'Only the account owner can manage billing.' };
  if (problem.status === 400) return { kind: 'invalid', message: problem.detail ?? 'This choice is no longer offered. Reload the page and try again.' };
  return { kind: 'other', message: problem.detail ?? problem.title };
}

/** A billing read that failed, for the page state: a team member's 403 says that billing is the owner's. */
export function billingLoadFailure(what: string, query: { isError: boolean; error: unknown; refetch: () => unknown }): PageFailure | null {
  return loadFailure(what, query, problemOf(query.error)?.status === 403 ? 'Only the account owner can see billing.' : undefined);
}
