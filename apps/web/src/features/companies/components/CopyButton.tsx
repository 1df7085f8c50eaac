// Re-exported so every company screen uses the one copy button (spec §8 clipboard texts, 2 s).
export { CopyValueButton as CopyButton, copyToClipboard } from '../../account/components/CopyValueButton';
