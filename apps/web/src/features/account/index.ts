export { useAuthImage } from './useAuthImage';
