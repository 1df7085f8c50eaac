export { isPageUnloading, navigateTo, registerNavigator } from './navigation';
export { NavigationBridge } from './NavigationBridge';
