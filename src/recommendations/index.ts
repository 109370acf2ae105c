// @svc/recommendations: placeholder until its issue lands.
export {};
