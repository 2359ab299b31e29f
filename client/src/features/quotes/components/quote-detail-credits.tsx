import { Alert } from 'antd';
import { Link } from 'react-router-dom';
import type { QuoteDetail } from '../../../../../shared/contracts/marketplace';
import { costLine, creditCount, isShort } from '../quote-detail-cost';

/** Where to get credits: the purchase page for those who may buy them, a word to the owner for the others. */
export interface CreditsHelp {
  buyPath: string | null;
}

export function BuyCredits({ credits }: { credits: CreditsHelp }) {
  return credits.buyPath ? <Link to={credits.buyPath}>Buy more credits</Link> : <span>Ask the account owner to buy more credits.</span>;
}

/** What quoting this request costs against the balance; when the balance is short, where to get more. */
export function QuoteCostNotice({ quote, balance, credits }: { quote: QuoteDetail; balance: number | undefined; credits: CreditsHelp }) {
  const short = isShort(quote.leadCost, balance);
  return (
    <Alert
      type={short ? 'warning' : 'info'}
      showIcon
      className="quote-detail__notice"
      title={costLine(quote.leadCost, balance)}
      description={
        short ? (
          <>
            You need {creditCount(quote.leadCost)} to send this quote. <BuyCredits credits={credits} />
          </>
        ) : (
          'Their email and phone show once you send it. Declining is free.'
        )
      }
    />
  );
}
