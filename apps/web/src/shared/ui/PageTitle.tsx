import { useEffect, type ReactNode } from 'react';
import { Title } from '@mantine/core';

/** The page's single h1; also sets the browser tab title. */
export function PageTitle({ children, documentTitle }: { children: ReactNode; documentTitle?: string }) {
  const text = documentTitle ?? (typeof children === 'string' ? children : undefined);
  useEffect(() => {
    if (text) document.title = `${text} · Filter Portal`;
  }, [text]);
  return (
    <Title order={1} fz={{ base: 24, sm: 28 }} mb="lg" c="dark.8">
      {children}
    </Title>
  );
}

/** Placeholder for screens owned by later issues: the heading and nothing else. */
export function HeadingOnlyPage({ title }: { title: string }) {
  return <PageTitle>{title}</PageTitle>;
}
