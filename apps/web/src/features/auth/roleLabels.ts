/** How a role is named on screen (header badge, Settings' read-only Role field): the contracts' map. */
export { ROLE_LABEL } from '@portal/contracts';
