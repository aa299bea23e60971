export function firstPaintJs(dist: string): {
  files: { file: string; gzipBytes: number }[];
  totalBytes: number;
};
