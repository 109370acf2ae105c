// The IAB's `__tcfapi` stub ships no types: its module exports the function that installs it.
declare module '@iabtechlabtcf/stub' {
  const installStub: () => void;
  export default installStub;
}
