export { OrderBar } from './components/OrderDrawer';
export { AddToOrder } from './components/AddToOrder';
export { YourItems } from './components/YourItems';
export { ApprovalThreshold } from './components/ApprovalThreshold';
