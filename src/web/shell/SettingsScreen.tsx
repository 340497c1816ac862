import { SettingsPage } from '../features/auth/SettingsPage';
import { SubscriptionPanel } from '../features/billing/SubscriptionPanel';

/** Account Settings (A §2): the account's tabs, with billing's panel as the Subscription tab. */
export const SettingsScreen = () => <SettingsPage subscription={<SubscriptionPanel />} />;
