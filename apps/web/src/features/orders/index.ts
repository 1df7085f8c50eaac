export { OrderBar } from './components/OrderDrawer';
export { AddVariantToOrder } from './components/AddToOrder';
export { YourItems } from './components/YourItems';
export { ApprovalThreshold } from './components/ApprovalThreshold';
