/** A place in a file that names a path outside the repository. */
export interface OutsidePath {
  file: string;
  line: number;
  form: string;
  path: string;
}
/** Each place in `text` (the file `file`, relative to `root`) that names a path outside `root`. */
export function outsidePaths(root: string, file: string, text: string): OutsidePath[];
/** Every such place in the repository's tracked code files. */
export function outsidePathsOf(root: string): OutsidePath[];
