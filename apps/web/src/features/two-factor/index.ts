export { twoFactorApi, twoFactorKeys } from './api';
export { CodeStep } from './components/CodeStep';
export { EnrolmentStep } from './components/EnrolmentStep';
export { TwoFactorPanel } from './components/TwoFactorPanel';
export { SecurityPolicyCard } from './components/SecurityPolicyCard';
export { TwoFactorPrompt } from './components/TwoFactorPrompt';
export { ResetTwoFactorButton } from './components/ResetTwoFactorButton';
