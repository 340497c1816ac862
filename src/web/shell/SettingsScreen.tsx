import { SettingsPage } from '../features/auth/SettingsPage';
import { SubscriptionPanel } from '../features/billing/SubscriptionPanel';

/** Account Settings (docs/product-rules.md#screens): the account's tabs, with billing's panel as the Subscription tab. */
export const SettingsScreen = () => <SettingsPage subscription={<SubscriptionPanel />} />;
