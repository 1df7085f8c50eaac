export { isLeavingPage, navigateTo, registerNavigator } from './navigation';
export { NavigationBridge } from './NavigationBridge';
