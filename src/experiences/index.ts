// @svc/experiences: placeholder until its issue lands.
export {};
