// @svc/stash: placeholder until its issue lands.
export {};
