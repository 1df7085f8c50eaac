export { Logo, LogoMark } from './Logo';
export { FullPageLoader } from './FullPageLoader';
export { HeadingOnlyPage, PageTitle } from './PageTitle';
