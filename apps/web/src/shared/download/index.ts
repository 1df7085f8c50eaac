export { downloadApiFile, downloadRoute, fetchRouteFile, fetchWithToken, saveBlob } from './authorizedDownload';
