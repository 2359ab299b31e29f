/** The demo module: the onboarded bakery `npm start` offers in development, and its retirement in production. */
export { retireDemoAccount, seedDemoAccount, type DemoDeps } from './demo.service';
