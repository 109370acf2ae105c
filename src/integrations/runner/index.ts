// @svc/integrations/runner (Node only): placeholder until its issue lands.
export {};
