import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './AppProviders';
import { routes } from './routes';
import { refusedOrigin } from './shellMeta';
import { WrongAddress } from './WrongAddress';

export function App() {
  const [router] = useState(() => createBrowserRouter(routes));
  const [publicUrl] = useState(refusedOrigin);
  if (publicUrl)
    return (
      <AppProviders>
        <WrongAddress publicUrl={publicUrl} />
      </AppProviders>
    );
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
