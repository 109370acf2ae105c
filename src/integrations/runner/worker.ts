// Worker thread that runs one integration handler: placeholder until its issue lands.
export {};
