export function firstPaintJs(dist: string): {
  files: { file: string; gzipBytes: number }[];
  totalBytes: number;
  /** the manifest keys (source paths) of the chunks walked */
  modules: string[];
};
