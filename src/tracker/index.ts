// @svc/tracker: placeholder until its issue lands.
export {};
