import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { registerNavigator } from './navigation';

export function NavigationBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    registerNavigator((to, opts) => void navigate(to, opts));
    return () => registerNavigator(null);
  }, [navigate]);
  return null;
}
