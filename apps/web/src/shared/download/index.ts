export { downloadApiFile, fetchWithToken, saveBlob } from './authorizedDownload';
