export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`File is larger than the ${maxBytes}-byte limit`);
  }
}
