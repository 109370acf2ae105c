/** The localStorage key of the demo's Global Privacy Control switch (`on` when it is on). */
export const GPC_SWITCH = 'svc-demo-gpc';
