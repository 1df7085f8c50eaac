export { PriceChangeBanner } from './components/PriceChangeBanner';
export { ScheduledPriceChanges } from './components/ScheduledPriceChanges';
export { ScheduleModal } from './components/ScheduleModal';
