import { DashboardPage } from '../../features/dashboard/dashboard-page';
import { QuoteWidgets } from '../../features/quotes/components/quote-widgets';

/** `/dashboard`: the dashboard with the widgets each feature gives it (only the quotes' for now). */
export default function Dashboard() {
  return <DashboardPage widgets={<QuoteWidgets />} />;
}
