import {
  createTheme,
  defaultCssVariablesResolver,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';

/** Calm teal-blue brand. Shade 8 (#0b7285) is the primary: 5.6:1 on white, AA for text and controls. */
const brand: MantineColorsTuple = [
  '#e3fafc',
  '#c5f6fa',
  '#99e9f2',
  '#66d9e8',
  '#3bc9db',
  '#22b8cf',
  '#1098ad',
  '#0c8599',
  '#0b7285',
  '#085563',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 8, dark: 6 },
  colors: { brand },
  fontFamily: 'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  components: {
    Anchor: { defaultProps: { c: 'brand.8' } },
    Tooltip: { defaultProps: { openDelay: 300 } },
    // Toasts' and dialogs' close buttons are icons only: give them a name (axe button-name).
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
    // A spinner's aria-label names a live status; on a bare span it is a prohibited attribute.
    Loader: { defaultProps: { role: 'status' } },
  },
});

/**
 * Mantine's default dimmed text (gray.6, 3.3:1) fails WCAG AA on white; use a darker grey (6:1).
 * Same for the error colour (red.6, 3.3:1) of invalid inputs and their messages: red.9 (5.4:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => {
  const base = defaultCssVariablesResolver(t);
  return {
    ...base,
    light: {
      ...base.light,
      '--mantine-color-dimmed': '#5c636a',
      '--mantine-color-placeholder': '#868e96',
      '--mantine-color-error': '#c92a2a',
    },
  };
};
