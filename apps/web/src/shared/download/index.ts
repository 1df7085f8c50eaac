export { downloadRoute, fetchRouteFile, fetchWithToken, saveBlob } from './authorizedDownload';
