/**
 * The credits module: each business's lead credits as a ledger (a row per change; the balance is
 * their sum and never goes below zero). Quotes spend and refund them; billing will buy and grant them.
 */
export { creditsRouter } from './credits.router';
export { creditBalance, grantCredits, spendCredits } from './credits.service';
export { ledgerSum } from './credits.repository';
export { leadCreditsByQuote, leadCreditsSpent } from './lead-credits';
export { subscribeCredits } from './credits.subscriptions';
export { creditsMigrations } from './migrations';
